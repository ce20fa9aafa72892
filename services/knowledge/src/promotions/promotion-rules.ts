import type { PromotionType } from '@pp/contracts';
import {
  calendarDayOf,
  DEFAULT_PROMOTION_TYPE,
  PERCENT_PROMOTION_TYPES,
  ProcedureApiMessages,
  PROMOTION_TYPES,
} from '@pp/contracts';

export interface PromotionInput {
  name?: unknown;
  type?: unknown;
  amount?: unknown;
  selected_procedures?: unknown;
  is_all_procedures?: unknown;
  start?: unknown;
  end?: unknown;
}

export interface CheckedPromotion {
  name: string;
  type: PromotionType;
  amount: number | null;
  selected_procedures: string[];
  is_all_procedures: boolean;
  start: string;
  end: string;
}

const MAX_PROCEDURES = 500;
const cents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * A promotion's rules (docs/product/settings.md#promotion-validation): a name, a start and an end day (end
 * not before start); the type (percent discount by default); a percent type takes more than 0 and at most
 * 100, a dollar type more than 0 up to 1,000,000, free consultation no amount; All procedures clears the
 * list, and an empty list means all procedures. Returns the promotion to store, or the problem.
 */
export function checkPromotion(input: PromotionInput): CheckedPromotion | { problem: string } {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) return { problem: ProcedureApiMessages.promotionNameRequired };
  if (name.length > 200) return { problem: ProcedureApiMessages.promotionNameTooLong };
  const type = input.type ?? DEFAULT_PROMOTION_TYPE;
  if (!(PROMOTION_TYPES as readonly unknown[]).includes(type)) {
    return { problem: ProcedureApiMessages.promotionTypeInvalid };
  }
  const promotionType = type as PromotionType;
  let amount: number | null = null;
  if (promotionType !== 'free_consultation') {
    if (input.amount === null || input.amount === undefined || input.amount === '') {
      return { problem: ProcedureApiMessages.promotionAmountRequired };
    }
    const value = typeof input.amount === 'string' ? Number(input.amount) : input.amount;
    const percent = PERCENT_PROMOTION_TYPES.includes(promotionType);
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || !cents(value)) {
      return {
        problem: percent
          ? ProcedureApiMessages.promotionPercentInvalid
          : ProcedureApiMessages.promotionAmountInvalid,
      };
    }
    if (percent && value > 100) return { problem: ProcedureApiMessages.promotionPercentInvalid };
    if (!percent && value > 1_000_000) return { problem: ProcedureApiMessages.promotionAmountInvalid };
    amount = value;
  }
  if (input.start === undefined || input.start === null || input.start === '' || !input.end) {
    return { problem: ProcedureApiMessages.promotionDatesRequired };
  }
  const start = calendarDayOf(input.start);
  const end = calendarDayOf(input.end);
  if (!start || !end) return { problem: ProcedureApiMessages.promotionDateInvalid };
  if (end < start) return { problem: ProcedureApiMessages.promotionEndBeforeStart };
  const all = input.is_all_procedures === true;
  const list = Array.isArray(input.selected_procedures) ? input.selected_procedures : [];
  if (list.length > MAX_PROCEDURES) return { problem: ProcedureApiMessages.tooManyProcedures };
  const selected = all ? [] : [...new Set(list as string[])];
  return {
    name,
    type: promotionType,
    amount,
    selected_procedures: selected,
    is_all_procedures: all || selected.length === 0,
    start,
    end,
  };
}
