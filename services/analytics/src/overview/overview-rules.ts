import { TZDate } from '@date-fns/tz';
import type {
  AnalyticsEventDirection,
  OfferedConsultationFee,
  OfferedProcedure,
  ProcedureDistributionItem,
} from '@pp/contracts';

/** The longest Overview range, in days (a year, leap years included). */
export const MAX_OVERVIEW_DAYS = 366;
/** How many communication events the Events table gets, newest first. */
export const RECENT_EVENTS_LIMIT = 50;
/** Procedures shown by name in the donut; the rest are summed as 'Other'. */
export const TOP_PROCEDURES = 8;
export const OTHER_PROCEDURES = 'Other';

export const OverviewMessages = {
  datesRequired: 'start_date and end_date are required',
  invalidDate: 'Dates must be real days in the format YYYY-MM-DD',
  endBeforeStart: 'end_date must not be before start_date',
  rangeTooLong: `The date range must not span more than ${MAX_OVERVIEW_DAYS} days`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real day 'YYYY-MM-DD' as its UTC-midnight milliseconds (calendar arithmetic only), or null. */
export function dayNumber(text: string): number | null {
  if (!DATE.test(text)) return null;
  const [year, month, day] = text.split('-').map(Number);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(0, 0, 0, 0);
  if (year < 1 || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return utc.getTime();
}

/** 'YYYY-MM-DD' of a dayNumber. */
export function dayText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The days start..end, inclusive, as 'YYYY-MM-DD'. */
export function daysBetween(start: string, end: string): string[] {
  const from = dayNumber(start);
  const to = dayNumber(end);
  if (from === null || to === null) return [];
  const days: string[] = [];
  for (let ms = from; ms <= to; ms += DAY_MS) days.push(dayText(ms));
  return days;
}

export interface OverviewPeriod {
  start: string;
  end: string;
  days: number;
  /** The period of the same length just before it (inclusive days). */
  previous: { start: string; end: string };
}

/** The requested inclusive days and the previous period of the same length, or the first rule broken. */
export function checkOverviewPeriod(
  startText: unknown,
  endText: unknown,
): OverviewPeriod | { problem: string } {
  if (typeof startText !== 'string' || typeof endText !== 'string' || !startText || !endText) {
    return { problem: OverviewMessages.datesRequired };
  }
  const start = dayNumber(startText);
  const end = dayNumber(endText);
  if (start === null || end === null) return { problem: OverviewMessages.invalidDate };
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (days < 1) return { problem: OverviewMessages.endBeforeStart };
  if (days > MAX_OVERVIEW_DAYS) return { problem: OverviewMessages.rangeTooLong };
  return {
    start: startText,
    end: endText,
    days,
    previous: { start: dayText(start - days * DAY_MS), end: dayText(start - DAY_MS) },
  };
}

/**
 * The instants a day covers on a zone's clock: [its midnight, the next day's midnight). A DST day is 23 or 25
 * hours long.
 */
export function localDayBounds(day: string, zone: string): { from: Date; to: Date } {
  const [year, month, date] = day.split('-').map(Number);
  return {
    from: new Date(new TZDate(year, month - 1, date, zone).getTime()),
    to: new Date(new TZDate(year, month - 1, date + 1, zone).getTime()),
  };
}

/** The day (YYYY-MM-DD) an instant falls on, on a zone's clock. */
export function localDay(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The change against the previous period, in percent with one decimal: 0 when both are 0, 100 when only the
 * previous one is 0.
 */
export function changePercent(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A communication event of a lead's timeline: its channel, direction, and whether it is one at all. */
export interface CommunicationKind {
  channel: 'sms' | 'email' | 'phone' | 'webchat';
  direction: AnalyticsEventDirection;
}

const COMMUNICATION_TYPES: Record<string, CommunicationKind> = {
  sms_sent: { channel: 'sms', direction: 'outgoing' },
  sms_received: { channel: 'sms', direction: 'incoming' },
  email_sent: { channel: 'email', direction: 'outgoing' },
  email_received: { channel: 'email', direction: 'incoming' },
  phone_call_sent: { channel: 'phone', direction: 'outgoing' },
  phone_call_received: { channel: 'phone', direction: 'incoming' },
  phone_call_completed: { channel: 'phone', direction: 'unknown' },
  webchat_message_sent: { channel: 'webchat', direction: 'outgoing' },
  webchat_message_received: { channel: 'webchat', direction: 'incoming' },
};

/** The communication kind of a timeline event type; null for anything else (stage changes, notes, reviews...). */
export function communicationKind(eventType: string): CommunicationKind | null {
  return COMMUNICATION_TYPES[eventType] ?? null;
}

/** The event_metadata.source values of what the AI did on its own (docs/product/analytics.md#how-the-overview-counts). */
export const AUTOMATED_SOURCES: readonly string[] = ['ai_decision', 'ai_engine', 'auto_reply'];

/**
 * Minutes of staff work one automated action saves (docs/product/analytics.md#how-the-overview-counts): what a coordinator
 * spends writing and sending it, or handling the call, by hand.
 */
export const MINUTES_PER_AUTOMATED_ACTION: Readonly<Record<string, number>> = {
  sms_sent: 3,
  webchat_message_sent: 3,
  email_sent: 5,
  phone_call_sent: 8,
};

/** The minutes an event saved: its table entry when the AI did it on its own, else 0. */
export function minutesSaved(eventType: string, source: string | null | undefined): number {
  if (!source || !AUTOMATED_SOURCES.includes(source)) return 0;
  return MINUTES_PER_AUTOMATED_ACTION[eventType] ?? 0;
}

/** The offer parts the estimated value reads (knowledge's practice_offer). */
export interface ValueOffer {
  procedures: OfferedProcedure[];
  consultation_fees: OfferedConsultationFee[];
}

/** A booked consult as the value rule sees it. */
export interface ValuedConsult {
  location_id: string | null;
  title: string;
  description: string | null;
}

const SURGERY = /surg|lift|plasty|augment|reduction|tummy tuck|liposuction/i;

/**
 * The estimated value of one scheduled consult, in dollars (docs/product/analytics.md#how-the-overview-counts):
 * 1. its consultation fee: the modality (surgery when its title or description reads as surgical, else medspa;
 *    the other one when the practice has no fee of that modality) at its location, else the modality's fee for
 *    every location; a free consultation or one without an amount goes on to 2;
 * 2. else, when its title names an offered procedure (the longest name found), that procedure's price midpoint
 *    at its location, else for every location ((min + max) / 2, or the one bound given);
 * 3. else 0.
 */
export function consultValue(consult: ValuedConsult, offer: ValueOffer | null): number {
  if (!offer) return 0;
  const text = `${consult.title} ${consult.description ?? ''}`;
  const guessed = SURGERY.test(text) ? 'surgery' : 'medspa';
  const feeOf = (modality: string) => {
    const fees = offer.consultation_fees.filter((fee) => fee.modality === modality);
    return (
      fees.find(
        (candidate) => consult.location_id !== null && candidate.location_id === consult.location_id,
      ) ?? fees.find((candidate) => candidate.location_id === null)
    );
  };
  // A practice with fees of one modality only (a surgery practice, a medspa) charges that one for every consult.
  const fee = feeOf(guessed) ?? feeOf(guessed === 'surgery' ? 'medspa' : 'surgery');
  if (fee && !fee.is_free && typeof fee.fee === 'number' && fee.fee > 0) return fee.fee;

  const title = consult.title.toLowerCase();
  const named = offer.procedures
    .filter((procedure) => procedure.name && title.includes(procedure.name.toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!named) return 0;
  const price =
    named.prices.find(
      (candidate) => consult.location_id !== null && candidate.location_id === consult.location_id,
    ) ??
    named.prices.find((candidate) => candidate.location_id === null) ??
    named.prices[0];
  if (!price) return 0;
  const bounds = [price.price_min, price.price_max].filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  );
  if (bounds.length === 0) return 0;
  return Math.round((bounds.reduce((sum, value) => sum + value, 0) / bounds.length) * 100) / 100;
}

/** One procedure's leads in the period and their interest scores (null: not scored). */
export interface ProcedureTally {
  procedure_name: string;
  lead_count: number;
  /** Sum and count of the scored leads. */
  score_sum: number;
  scored: number;
}

/**
 * The donut: the TOP_PROCEDURES procedures with the most leads (ties by name), the rest summed as 'Other' (its
 * average over all their scored leads); avg_interest_score rounded to a whole number, 0 when no lead was scored.
 */
export function procedureDistribution(tallies: readonly ProcedureTally[]): ProcedureDistributionItem[] {
  const sorted = [...tallies].sort(
    (a, b) => b.lead_count - a.lead_count || a.procedure_name.localeCompare(b.procedure_name),
  );
  const shown = sorted.slice(0, TOP_PROCEDURES);
  const rest = sorted.slice(TOP_PROCEDURES);
  const item = (name: string, group: readonly ProcedureTally[]): ProcedureDistributionItem => {
    const scored = group.reduce((sum, tally) => sum + tally.scored, 0);
    const total = group.reduce((sum, tally) => sum + tally.score_sum, 0);
    return {
      procedure_name: name,
      lead_count: group.reduce((sum, tally) => sum + tally.lead_count, 0),
      avg_interest_score: scored === 0 ? 0 : Math.round(total / scored),
    };
  };
  const items = shown.map((tally) => item(tally.procedure_name, [tally]));
  if (rest.length > 0) items.push(item(OTHER_PROCEDURES, rest));
  return items;
}
