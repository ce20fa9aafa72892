import type { Promotion, PromotionStatus } from './types';

/** Promotion rules (docs/product/settings.md#promotions and #promotion-validation). */

export const PROMOTION_TYPES = [
  'monetary_discount',
  'percent_discount',
  'up_to_monetary_discount',
  'up_to_percent_discount',
  'free_consultation',
] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export const DEFAULT_PROMOTION_TYPE: PromotionType = 'percent_discount';

export const isPercentType = (type: string) =>
  type === 'percent_discount' || type === 'up_to_percent_discount';
export const isFreeConsultation = (type: string) => type === 'free_consultation';

/** What the amount field asks for: a percent, a dollar amount, or nothing (the benefit is the waived fee). */
export const amountKind = (type: string): 'percent' | 'amount' | 'benefit' =>
  isFreeConsultation(type) ? 'benefit' : isPercentType(type) ? 'percent' : 'amount';

/** Status from the dates: before the start scheduled, after the end expired, else current. */
export function promotionStatus(
  promotion: Pick<Promotion, 'start' | 'end'>,
  now: number = Date.now(),
): PromotionStatus {
  if (now < Date.parse(promotion.start)) return 'scheduled';
  if (now > Date.parse(promotion.end)) return 'expired';
  return 'current';
}

/** The server's status when it gave one, else the one the dates give. */
export const statusOf = (promotion: Promotion, now?: number): PromotionStatus =>
  promotion.status ?? promotionStatus(promotion, now);

/**
 * Active for a procedure: its selected procedures include it, or it is for all procedures (an empty list), and
 * now is between start and end.
 */
export function isActiveFor(promotion: Promotion, procedureId: string, now: number = Date.now()): boolean {
  const covers =
    promotion.is_all_procedures ||
    promotion.selected_procedures.length === 0 ||
    promotion.selected_procedures.includes(procedureId);
  return covers && promotionStatus(promotion, now) === 'current';
}

/** At most `limit` names, and how many more there are ('+N more'). */
export function firstNames(names: readonly string[], limit = 3): { shown: string[]; more: number } {
  return { shown: names.slice(0, limit), more: Math.max(0, names.length - limit) };
}

/** The filter: no status chosen shows all. */
export const matchesStatuses = (promotion: Promotion, statuses: readonly PromotionStatus[], now?: number) =>
  statuses.length === 0 || statuses.includes(statusOf(promotion, now));

const pad = (value: number) => String(value).padStart(2, '0');

/** A YYYY-MM-DD day in the browser's time zone. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A stored timestamp as the day the form keeps (YYYY-MM-DD, local). */
export const dayFromIso = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dayOf(new Date(time));
};

const localDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** The start day as an ISO timestamp: the beginning of that day in the browser's time zone. */
export const startIso = (day: string) => localDate(day).toISOString();

/** The end day as an ISO timestamp: the last millisecond of that day, so the whole day is included. */
export const endIso = (day: string) => {
  const date = localDate(day);
  date.setHours(23, 59, 59, 999);
  return date.toISOString();
};

export const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(localDate(value).getTime());
