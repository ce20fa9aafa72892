import type { Promotion, PromotionType } from '@pp/contracts';
import { ALL_PROCEDURES_SCOPE, promotionStatus } from '@pp/contracts';
import { EntityManager } from 'typeorm';

export interface PromotionRow {
  promotion_id: string;
  name: string;
  type: PromotionType;
  amount: string | null;
  location_id: string | null;
  selected_procedures: string[];
  is_all_procedures: boolean;
  start: string;
  end: string;
  archived: boolean;
}

/** The practice's promotions (optionally one), newest start first. */
export async function loadPromotions(
  manager: EntityManager,
  practiceId: string,
  promotionId?: string,
): Promise<PromotionRow[]> {
  return manager.query(
    `SELECT "promotion_id", "name", "type", "amount", "location_id", "selected_procedures"::text[] AS "selected_procedures",
            "is_all_procedures", to_char("start_date", 'YYYY-MM-DD') AS "start",
            to_char("end_date", 'YYYY-MM-DD') AS "end", "archived_at" IS NOT NULL AS "archived"
     FROM "knowledge"."promotions"
     WHERE "practice_id" = $1 AND ($2::uuid IS NULL OR "promotion_id" = $2::uuid)
     ORDER BY "start_date" DESC, "created_at" DESC`,
    [practiceId, promotionId ?? null],
  );
}

/** A promotion as the API answers it (docs/product/settings.md#entities); terms are always null. */
export function toPromotion(
  row: PromotionRow,
  now: Date,
  timeZone: string,
  locationName: (id: string) => string | null,
  procedureName: (id: string) => string | undefined,
): Promotion {
  const all = row.is_all_procedures || row.selected_procedures.length === 0;
  return {
    promotion_id: row.promotion_id,
    name: row.name,
    type: row.type,
    amount: row.amount === null ? null : Number(row.amount),
    location_id: row.location_id,
    location_name: row.location_id ? locationName(row.location_id) : null,
    scope: all
      ? ALL_PROCEDURES_SCOPE
      : row.selected_procedures.map((id) => procedureName(id) ?? 'Unknown procedure').join(', '),
    selected_procedures: all ? [] : row.selected_procedures,
    is_all_procedures: all,
    start: row.start,
    end: row.end,
    terms: null,
    status: promotionStatus(row, now, timeZone),
  };
}
