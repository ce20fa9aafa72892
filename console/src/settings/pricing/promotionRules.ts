import {
  PERCENT_PROMOTION_TYPES,
  calendarDayOf,
  promotionAppliesTo,
  type PromotionType,
} from '@pp/contracts';
import type { Promotion, PromotionStatus } from './types';

/** Promotion rules of the page (docs/product/settings.md#promotions and #promotion-validation). */

export const isPercentType = (type: string) => PERCENT_PROMOTION_TYPES.includes(type as PromotionType);
export const isFreeConsultation = (type: string) => type === 'free_consultation';
/** A fixed discount: shown with a dollar sign. */
export const isMoneyType = (type: string) =>
  type === 'monetary_discount' || type === 'up_to_monetary_discount';

/** What the amount field asks for: a percent, a dollar amount, or nothing (the benefit is the waived fee). */
export const amountKind = (type: string): 'percent' | 'amount' | 'benefit' =>
  isFreeConsultation(type) ? 'benefit' : isPercentType(type) ? 'percent' : 'amount';

/**
 * Active for a procedure: current (the API derives the status from the dates in the practice's time zone) and
 * its selected procedures include it or it is for all procedures.
 */
export const isActiveFor = (promotion: Promotion, procedureId: string) =>
  promotion.status === 'current' && promotionAppliesTo(promotion, procedureId);

/** At most `limit` names, and how many more there are ('+N more'). */
export function firstNames(names: readonly string[], limit = 3): { shown: string[]; more: number } {
  return { shown: names.slice(0, limit), more: Math.max(0, names.length - limit) };
}

/** The filter: no status chosen shows all. */
export const matchesStatuses = (promotion: Promotion, statuses: readonly PromotionStatus[]) =>
  statuses.length === 0 || statuses.includes(promotion.status);

/** A day the form keeps (YYYY-MM-DD) as the ISO timestamp sent: UTC midnight of that day. */
export const dayToIso = (day: string) => `${day}T00:00:00.000Z`;

/** A stored day or timestamp as the form's YYYY-MM-DD ('' when it is not a day). */
export const dayOf = (value: string | null | undefined) => calendarDayOf(value) ?? '';
