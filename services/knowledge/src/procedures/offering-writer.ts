import type { Currency, Pricing, PricingUnit } from '@pp/contracts';
import { DEFAULT_CURRENCY } from '@pp/contracts';
import { EntityManager } from 'typeorm';

/** A price edit: a field left out keeps the current row's value (none: null prices, unit None, USD). */
export interface PriceEdit {
  min?: number | null;
  max?: number | null;
  unit?: PricingUnit;
  currency?: Currency;
}

const NO_LOCATION = '00000000-0000-0000-0000-000000000000';
const K = '"knowledge"';

/**
 * Serialises the pricing writes of one practice (two edits of the same row cannot both start a new one), and
 * notes the moment the lock was granted as the time of this transaction's history rows (`WRITTEN_AT`): now()
 * is when the transaction began, possibly before the write it waited for, which would end that write's row
 * before it started.
 */
export async function lockPractice(manager: EntityManager, practiceId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7))`, [`pricing:${practiceId}`]);
  await manager.query(`SELECT set_config('pp.written_at', clock_timestamp()::text, true)`);
}

/** The time of a history row: when this transaction's practice lock was granted (now() without the lock). */
export const WRITTEN_AT = `coalesce(nullif(current_setting('pp.written_at', true), '')::timestamptz, now())`;

interface PriceRow {
  price_id: string;
  price_min: string | null;
  price_max: string | null;
  unit: PricingUnit;
  currency: Currency;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** The current price of a place (location null: all locations), or null. */
export async function currentPrice(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  locationId: string | null,
): Promise<(Pricing & { price_id: string }) | null> {
  const [row]: PriceRow[] = await manager.query(
    `SELECT "price_id", "price_min", "price_max", "unit", "currency" FROM ${K}."procedure_prices"
     WHERE "practice_id" = $1 AND "procedure_id" = $2 AND COALESCE("location_id", $4) = COALESCE($3::uuid, $4)
       AND "effective_end" IS NULL`,
    [practiceId, procedureId, locationId, NO_LOCATION],
  );
  if (!row) return null;
  return {
    price_id: row.price_id,
    min: numberOrNull(row.price_min),
    max: numberOrNull(row.price_max),
    unit: row.unit,
    currency: row.currency,
  };
}

/**
 * Sets a place's price: when it differs from the current row, that row ends now and a new one starts now
 * (never an update in place: the history keeps every price). True when a row started.
 */
export async function setPrice(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  locationId: string | null,
  edit: PriceEdit,
): Promise<boolean> {
  const current = await currentPrice(manager, practiceId, procedureId, locationId);
  const next: Pricing = {
    min: edit.min !== undefined ? edit.min : (current?.min ?? null),
    max: edit.max !== undefined ? edit.max : (current?.max ?? null),
    unit: edit.unit ?? current?.unit ?? 'None',
    currency: edit.currency ?? current?.currency ?? DEFAULT_CURRENCY,
  };
  if (
    current &&
    current.min === next.min &&
    current.max === next.max &&
    current.unit === next.unit &&
    current.currency === next.currency
  ) {
    return false;
  }
  if (current) {
    await manager.query(
      `UPDATE ${K}."procedure_prices" SET "effective_end" = ${WRITTEN_AT} WHERE "price_id" = $1`,
      [current.price_id],
    );
  }
  await manager.query(
    `INSERT INTO ${K}."procedure_prices"
       ("practice_id", "procedure_id", "location_id", "price_min", "price_max", "unit", "currency", "effective_start")
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${WRITTEN_AT})`,
    [practiceId, procedureId, locationId, next.min, next.max, next.unit, next.currency],
  );
  return true;
}

/** Which current prices to end: one place, every per-location one, or all of the procedure's. */
type Places = { location: string | null } | 'per-location' | 'everywhere';

/** Ends current prices now (their rows stay in the history). */
export async function endPrices(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  places: Places,
): Promise<void> {
  const where =
    places === 'everywhere'
      ? ''
      : places === 'per-location'
        ? ` AND "location_id" IS NOT NULL`
        : ` AND COALESCE("location_id", '${NO_LOCATION}') = COALESCE($3::uuid, '${NO_LOCATION}')`;
  const params: unknown[] = [practiceId, procedureId];
  if (typeof places === 'object') params.push(places.location);
  await manager.query(
    `UPDATE ${K}."procedure_prices" SET "effective_end" = ${WRITTEN_AT}
     WHERE "practice_id" = $1 AND "procedure_id" = $2 AND "effective_end" IS NULL${where}`,
    params,
  );
}

/** Writes whether a place offers the procedure (one row per place). */
export async function markOffered(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  locationId: string | null,
  offered: boolean,
): Promise<void> {
  await manager.query(
    `INSERT INTO ${K}."practice_procedures" ("practice_id", "procedure_id", "location_id", "is_offered")
     VALUES ($1, $2, $3, $4)
     ON CONFLICT ("practice_id", "procedure_id", COALESCE("location_id", '${NO_LOCATION}'))
     DO UPDATE SET "is_offered" = EXCLUDED."is_offered", "updated_at" = now()`,
    [practiceId, procedureId, locationId, offered],
  );
}

/**
 * Offers a procedure at a place and, with a price edit, prices it. All locations and per location exclude
 * each other (docs/product/settings.md#procedure-pricing): offering at all locations stops every per-location
 * offering and ends its price; offering at one location stops the all-locations offering and ends its price.
 */
export async function offer(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  locationId: string | null,
  price: PriceEdit | undefined,
): Promise<void> {
  if (locationId === null) {
    await manager.query(
      `UPDATE ${K}."practice_procedures" SET "is_offered" = false, "updated_at" = now()
       WHERE "practice_id" = $1 AND "procedure_id" = $2 AND "location_id" IS NOT NULL AND "is_offered"`,
      [practiceId, procedureId],
    );
    await endPrices(manager, practiceId, procedureId, 'per-location');
  } else {
    await manager.query(
      `UPDATE ${K}."practice_procedures" SET "is_offered" = false, "updated_at" = now()
       WHERE "practice_id" = $1 AND "procedure_id" = $2 AND "location_id" IS NULL AND "is_offered"`,
      [practiceId, procedureId],
    );
    await endPrices(manager, practiceId, procedureId, { location: null });
  }
  await markOffered(manager, practiceId, procedureId, locationId, true);
  if (price) await setPrice(manager, practiceId, procedureId, locationId, price);
}

/**
 * Stops offering: at one location, or (location null) everywhere, the practice's 'Remove'. With
 * `endPricing` (the default) the current prices there end.
 */
export async function stopOffering(
  manager: EntityManager,
  practiceId: string,
  procedureId: string,
  locationId: string | null,
  endPricing: boolean,
): Promise<void> {
  if (locationId === null) {
    await manager.query(
      `UPDATE ${K}."practice_procedures" SET "is_offered" = false, "updated_at" = now()
       WHERE "practice_id" = $1 AND "procedure_id" = $2 AND "is_offered"`,
      [practiceId, procedureId],
    );
    if (endPricing) await endPrices(manager, practiceId, procedureId, 'everywhere');
  } else {
    await markOffered(manager, practiceId, procedureId, locationId, false);
    if (endPricing) await endPrices(manager, practiceId, procedureId, { location: locationId });
  }
}
