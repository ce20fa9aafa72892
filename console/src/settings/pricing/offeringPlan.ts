import { DEFAULT_CURRENCY, type Currency, type PricingUnit } from '@pp/contracts';
import { amountText, parseAmount } from './money';
import type {
  CreateOfferingRequest,
  LocationOption,
  OfferingUpdateRequest,
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
  unit: PricingUnit;
  currency: Currency;
}

export interface OfferingEditor {
  mode: 'all' | 'locations';
  all: PriceFields;
  locations: Record<string, PriceFields & { offered: boolean }>;
}

export const EMPTY_PRICE: PriceFields = { min: '', max: '', unit: 'None', currency: DEFAULT_CURRENCY };

export const fieldsOf = (pricing: Pricing | null | undefined): PriceFields => ({
  min: amountText(pricing?.min),
  max: amountText(pricing?.max),
  unit: pricing?.unit ?? 'None',
  currency: pricing?.currency ?? DEFAULT_CURRENCY,
});

/** The prices a request carries: min and max as numbers (empty: null), the unit and the currency. */
export const pricesOf = (fields: PriceFields) => ({
  price_min: parseAmount(fields.min),
  price_max: parseAmount(fields.max),
  unit: fields.unit,
  currency: fields.currency,
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

const disable = (procedureId: string, locationId: string | null): OfferingUpdateRequest => ({
  procedure_id: procedureId,
  location_id: locationId,
  is_offered: false,
  end_pricing_when_disabled: true,
});

export interface OfferingCalls {
  /** update-offering calls: ends first (a place no longer offered), then price changes of places kept. */
  update: OfferingUpdateRequest[];
  /** create calls: places newly offered, with their pricing. */
  create: CreateOfferingRequest[];
}

/**
 * What saving the editor sends: a place newly offered is created with its pricing; a place still offered
 * whose pricing changed gets the new price through update-offering (the API ends the old row, so the history
 * keeps both); a place no longer offered is ended (All locations when switching to per location, every
 * location when switching to All). Nothing is sent for a place left as it was.
 */
export function offeringCalls(item: ProcedureSummaryItem, editor: OfferingEditor): OfferingCalls {
  const all = item.offerings.all_locations;
  const current = item.offerings.locations ?? {};
  const ends: OfferingUpdateRequest[] = [];
  const changes: OfferingUpdateRequest[] = [];
  const create: CreateOfferingRequest[] = [];
  const place = (
    locationId: string | null,
    fields: PriceFields,
    before: { offered: boolean; pricing: Pricing | null } | undefined,
  ) => {
    if (!before?.offered) {
      create.push({
        procedure_id: item.procedure_id,
        parent_id: item.parent_id,
        location_id: locationId,
        is_offered: true,
        ...pricesOf(fields),
      });
    } else if (!samePricing(fields, before.pricing)) {
      changes.push({
        procedure_id: item.procedure_id,
        location_id: locationId,
        is_offered: true,
        ...pricesOf(fields),
      });
    }
  };
  if (editor.mode === 'all') {
    for (const [id, offering] of Object.entries(current)) {
      if (offering.offered) ends.push(disable(item.procedure_id, id));
    }
    place(null, editor.all, all ?? undefined);
  } else {
    if (all?.offered) ends.push(disable(item.procedure_id, null));
    for (const [id, fields] of Object.entries(editor.locations)) {
      if (fields.offered) place(id, fields, current[id]);
      else if (current[id]?.offered) ends.push(disable(item.procedure_id, id));
    }
  }
  return { update: [...ends, ...changes], create };
}

/**
 * Removing a procedure from the practice: one update-offering with no location, which stops it everywhere
 * (all locations and each location) and ends its pricing.
 */
export const removalCall = (item: ProcedureSummaryItem): OfferingUpdateRequest =>
  disable(item.procedure_id, null);

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
