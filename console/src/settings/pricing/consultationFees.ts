import { DEFAULT_CURRENCY, type Currency } from '@pp/contracts';
import { amountText, parseAmount } from './money';
import type {
  ConsultationFee,
  ConsultationFees,
  LocationOption,
  Modality,
  ModalityFees,
  SaveFeeRequest,
} from './types';
import { MODALITIES } from './types';

/**
 * The consultation fee editor and summaries (docs/product/settings.md#consultation-fees and
 * #consultation-fee-validation): an 'All' row, then each location; Free makes the fee null; location rows are
 * disabled while All is selected; unchecking All copies its values to every location.
 */

export interface FeeRow {
  fee: string;
  currency: Currency;
  isFree: boolean;
}

export interface FeeEditor {
  useAll: boolean;
  all: FeeRow;
  locations: Record<string, FeeRow>;
}

const rowOf = (value: ConsultationFee | null | undefined): FeeRow => ({
  fee: value?.is_free ? '' : amountText(value?.fee),
  currency: value?.currency ?? DEFAULT_CURRENCY,
  isFree: Boolean(value?.is_free),
});

const emptyRow = (): FeeRow => ({ fee: '', currency: DEFAULT_CURRENCY, isFree: false });

export const isConfigured = (fees: ModalityFees | null | undefined): fees is ModalityFees =>
  Boolean(fees && (fees.all_locations || Object.keys(fees.locations ?? {}).length > 0));

export const configuredModalities = (fees: ConsultationFees | null | undefined): Modality[] =>
  MODALITIES.filter((modality) => isConfigured(fees?.[modality]));

/** The editor as the modality is configured: per location when it has location fees and no All policy. */
export function initialFeeEditor(
  fees: ModalityFees | null | undefined,
  locations: readonly LocationOption[],
): FeeEditor {
  const perLocation = Boolean(fees && !fees.all_locations && Object.keys(fees.locations ?? {}).length > 0);
  return {
    useAll: !perLocation,
    all: rowOf(fees?.all_locations),
    locations: Object.fromEntries(
      locations.map((location) => [
        location.location_id,
        fees?.locations?.[location.location_id] ? rowOf(fees.locations[location.location_id]) : emptyRow(),
      ]),
    ),
  };
}

/** Checking All uses the All row; unchecking it copies the All values to every location. */
export function setUseAll(editor: FeeEditor, useAll: boolean): FeeEditor {
  if (useAll) return { ...editor, useAll };
  return {
    ...editor,
    useAll,
    locations: Object.fromEntries(Object.keys(editor.locations).map((id) => [id, { ...editor.all }])),
  };
}

/** Free empties the fee (sent as null). */
export function changeRow(row: FeeRow, changes: Partial<FeeRow>): FeeRow {
  const next = { ...row, ...changes };
  return next.isFree ? { ...next, fee: '' } : next;
}

/** The calls that save the editor: one for All, or one per location that has a fee or is free ('Not set' rows send nothing). */
export function feeRequests(editor: FeeEditor, modality: Modality): SaveFeeRequest[] {
  const request = (location_id: string | null, row: FeeRow): SaveFeeRequest => ({
    location_id,
    modality,
    fee: row.isFree ? null : parseAmount(row.fee),
    currency: row.currency,
    is_free: row.isFree,
  });
  if (editor.useAll) return [request(null, editor.all)];
  return Object.entries(editor.locations)
    .filter(([, row]) => row.isFree || parseAmount(row.fee) !== null)
    .map(([id, row]) => request(id, row));
}

const isEmpty = (row: FeeRow) => !row.isFree && parseAmount(row.fee) === null;

export type FeeCheck =
  | { kind: 'save'; requests: SaveFeeRequest[] }
  | { kind: 'required'; editor: FeeEditor; rows: string[] }
  | { kind: 'nothing' };

/**
 * What Save may do. The API cannot end one location's policy (a fee or Free is required; only Stop Offering
 * ends policies), so an emptied row that has a stored policy ('all' or a location id) gets its stored value
 * back and is shown as required; with no request left to send, there is nothing to save.
 */
export function checkFeeEditor(
  editor: FeeEditor,
  fees: ModalityFees | null | undefined,
  modality: Modality,
): FeeCheck {
  if (editor.useAll) {
    if (isEmpty(editor.all))
      return {
        kind: 'required',
        editor: fees?.all_locations ? { ...editor, all: rowOf(fees.all_locations) } : editor,
        rows: ['all'],
      };
  } else {
    const emptied = Object.keys(editor.locations).filter(
      (id) => fees?.locations?.[id] && isEmpty(editor.locations[id]),
    );
    if (emptied.length > 0) {
      const locations = { ...editor.locations };
      for (const id of emptied) locations[id] = rowOf(fees!.locations[id]);
      return { kind: 'required', editor: { ...editor, locations }, rows: emptied };
    }
  }
  const requests = feeRequests(editor, modality);
  return requests.length > 0 ? { kind: 'save', requests } : { kind: 'nothing' };
}

export type FeePreview =
  { kind: 'free' } | { kind: 'fee'; fee: number; currency: Currency } | { kind: 'not_set' };

export function feePreview(value: ConsultationFee | null | undefined): FeePreview {
  if (!value) return { kind: 'not_set' };
  if (value.is_free) return { kind: 'free' };
  if (value.fee === null || value.fee === undefined) return { kind: 'not_set' };
  return { kind: 'fee', fee: value.fee, currency: value.currency ?? DEFAULT_CURRENCY };
}

export const rowPreview = (row: FeeRow): FeePreview =>
  feePreview({ fee: parseAmount(row.fee), currency: row.currency, is_free: row.isFree });

export type FeeSummary =
  | { modality: Modality; kind: 'free_all' }
  | { modality: Modality; kind: 'fee_all'; fee: number; currency: Currency }
  | { modality: Modality; kind: 'varies'; locations: { name: string; preview: FeePreview }[] };

/**
 * One summary per configured modality: free at all locations, one fee at all locations, or varying by
 * location (each location's 'Free', fee or 'Not set').
 */
export function feeSummaries(
  fees: ConsultationFees | null | undefined,
  locations: readonly LocationOption[],
): FeeSummary[] {
  return configuredModalities(fees).map((modality) => {
    const structure = fees![modality]!;
    const all = structure.all_locations;
    if (all) {
      const preview = feePreview(all);
      if (preview.kind === 'free') return { modality, kind: 'free_all' };
      if (preview.kind === 'fee')
        return { modality, kind: 'fee_all', fee: preview.fee, currency: preview.currency };
    }
    return {
      modality,
      kind: 'varies',
      locations: locations.map((location) => ({
        name: location.name,
        preview: feePreview(structure.locations?.[location.location_id]),
      })),
    };
  });
}
