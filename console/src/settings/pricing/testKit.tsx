import type { ProcedureSummaryItem, Promotion } from './types';

/** Test data for the pricing page's specs (jsdom and unit tests only). */

export function anItem(
  changes: Partial<ProcedureSummaryItem> & { procedure_id: string },
): ProcedureSummaryItem {
  return {
    procedure_name: changes.procedure_id,
    category_id: null,
    category_name: null,
    parent_id: null,
    parent_name: null,
    history_count: 0,
    has_promotion: false,
    offerings: {
      all_locations: { offered: false, pricing: null, practice_procedure_id: null },
      locations: {},
    },
    ...changes,
  };
}

export function aPromotion(changes: Partial<Promotion> & { promotion_id: string }): Promotion {
  return {
    name: changes.promotion_id,
    type: 'percent_discount',
    amount: 20,
    location_id: null,
    location_name: null,
    scope: 'All procedures',
    selected_procedures: [],
    is_all_procedures: true,
    start: '2026-11-01',
    end: '2026-12-31',
    terms: null,
    status: 'current',
    ...changes,
  };
}
