import { DEFAULT_CURRENCY, amountText, parseAmount } from './money';
import type {
  CreateOfferingRequest,
  DisableOfferingRequest,
  LocationOption,
  Pricing,
  ProcedureSummaryItem,
} from './types';

/**
 * Inline editing of one procedure's offering (docs/product/settings.md#procedure-pricing and
 * #pricing-validation): All locations or per location; min and max parsed as numbers (empty = null); turning a
 * location off ends its pricing.
 */

export interface PriceFields {
  min: string;
  max: string;
  /** '' is None. */
  unit: string;
  currency: string;
}

export interface OfferingEditor {
  mode: 'all' | 'locations';
  all: PriceFields;
  locations: Record<string, PriceFields & { offered: boolean }>;
}

export const fieldsOf = (pricing: Pricing | null | undefined): PriceFields => ({
  min: amountText(pricing?.min),
  max: amountText(pricing?.max),
  unit: pricing?.unit ?? '',
  currency: pricing?.currency || DEFAULT_CURRENCY,
});

export function initialOfferingEditor(
  item: ProcedureSummaryItem,
  locations: readonly LocationOption[],
): OfferingEditor {
  const offeredAt = item.offerings.locations ?? {};
  const allOffered = Boolean(item.offerings.all_locations?.offered);
  const anyLocation = Object.values(offeredAt).some((offering) => offering.offered);
  return {
    mode: allOffered || !anyLocation ? 'all' : 'locations',
    all: fieldsOf(item.offerings.all_locations?.pricing),
    locations: Object.fromEntries(
      locations.map((location) => {
        const offering = offeredAt[location.location_id];
        const pricing = offering?.pricing ?? item.offerings.all_locations?.pricing;
        return [location.location_id, { ...fieldsOf(pricing), offered: Boolean(offering?.offered) }];
      }),
    ),
  };
}

const samePricing = (fields: PriceFields, pricing: Pricing | null | undefined) => {
  const before = fieldsOf(pricing);
  return (
    parseAmount(fields.min) === parseAmount(before.min) &&
    parseAmount(fields.max) === parseAmount(before.max) &&
    fields.unit === before.unit &&
    fields.currency === before.currency
  );
};

const disable = (procedureId: string, locationId: string | null): DisableOfferingRequest => ({
  procedure_id: procedureId,
  location_id: locationId,
  is_offered: false,
  end_pricing_when_disabled: true,
});

export interface OfferingCalls {
  offer: CreateOfferingRequest[];
  disable: DisableOfferingRequest[];
}

/**
 * What saving the editor sends: an offering (with its pricing) for each target that is new or whose pricing
 * changed, and an end for each target no longer offered (All locations when switching to per location, and
 * every location when switching to All).
 */
export function offeringCalls(item: ProcedureSummaryItem, editor: OfferingEditor): OfferingCalls {
  const offer = (locationId: string | null, fields: PriceFields): CreateOfferingRequest => ({
    procedure_id: item.procedure_id,
    parent_id: item.parent_id,
    location_id: locationId,
    is_offered: true,
    price_min: parseAmount(fields.min),
    price_max: parseAmount(fields.max),
    unit: fields.unit || null,
    currency: fields.currency || DEFAULT_CURRENCY,
  });
  const all = item.offerings.all_locations;
  const current = item.offerings.locations ?? {};
  const calls: OfferingCalls = { offer: [], disable: [] };
  if (editor.mode === 'all') {
    if (!all?.offered || !samePricing(editor.all, all.pricing)) calls.offer.push(offer(null, editor.all));
    for (const [id, offering] of Object.entries(current)) {
      if (offering.offered) calls.disable.push(disable(item.procedure_id, id));
    }
    return calls;
  }
  if (all?.offered) calls.disable.push(disable(item.procedure_id, null));
  for (const [id, fields] of Object.entries(editor.locations)) {
    const before = current[id];
    if (fields.offered) {
      if (!before?.offered || !samePricing(fields, before.pricing)) calls.offer.push(offer(id, fields));
    } else if (before?.offered) calls.disable.push(disable(item.procedure_id, id));
  }
  return calls;
}

/** Removing a procedure from the practice ends every offering it has. */
export function removalCalls(item: ProcedureSummaryItem): DisableOfferingRequest[] {
  const calls: DisableOfferingRequest[] = [];
  if (item.offerings.all_locations?.offered) calls.push(disable(item.procedure_id, null));
  for (const [id, offering] of Object.entries(item.offerings.locations ?? {})) {
    if (offering.offered) calls.push(disable(item.procedure_id, id));
  }
  return calls.length > 0 ? calls : [disable(item.procedure_id, null)];
}

/** The rows the table shows for a procedure: All locations, each offered location, or none. */
export function offeredRows(
  item: ProcedureSummaryItem,
): { locationId: string | null; locationName: string | null; pricing: Pricing | null }[] {
  if (item.offerings.all_locations?.offered) {
    return [{ locationId: null, locationName: null, pricing: item.offerings.all_locations.pricing }];
  }
  return Object.entries(item.offerings.locations ?? {})
    .filter(([, offering]) => offering.offered)
    .map(([id, offering]) => ({
      locationId: id,
      locationName: offering.location_name,
      pricing: offering.pricing,
    }))
    .sort((a, b) => (a.locationName ?? '').localeCompare(b.locationName ?? ''));
}
