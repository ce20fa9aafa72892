/** The date range picker's days and presets (docs/product/analytics.md#date-range), as local calendar days. */

export interface DayRange {
  /** YYYY-MM-DD, inclusive. */
  start: string;
  end: string;
}

export const PRESETS = [
  'today',
  'yesterday',
  'last_7_days',
  'this_month',
  'last_30_days',
  'last_90_days',
] as const;
export type Preset = (typeof PRESETS)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date as YYYY-MM-DD. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** YYYY-MM-DD as a local date at midnight. */
export function parseDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The last `days` days ending today (today included). */
export function lastDays(days: number, today: Date = new Date()): DayRange {
  return { start: isoDay(addDays(today, -(days - 1))), end: isoDay(today) };
}

export function presetRange(preset: Preset, today: Date = new Date()): DayRange {
  switch (preset) {
    case 'today':
      return { start: isoDay(today), end: isoDay(today) };
    case 'yesterday': {
      const yesterday = isoDay(addDays(today, -1));
      return { start: yesterday, end: yesterday };
    }
    case 'last_7_days':
      return lastDays(7, today);
    case 'this_month':
      return { start: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), end: isoDay(today) };
    case 'last_30_days':
      return lastDays(30, today);
    case 'last_90_days':
      return lastDays(90, today);
  }
}

/** The Overview's default: the last 30 days (today and 29 days back). */
export const defaultRange = (today: Date = new Date()): DayRange => lastDays(30, today);

/** The preset a range is, if any. */
export function presetOf(range: DayRange | null, today: Date = new Date()): Preset | null {
  if (!range) return null;
  return (
    PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.start === range.start && candidate.end === range.end;
    }) ?? null
  );
}

/**
 * A click on a day of the range calendar: the first click starts a new range (the end still open), the second
 * closes it, in whichever order the two days come.
 */
export function pickDay(
  pending: { start: string; end: string | null } | null,
  day: string,
): { start: string; end: string | null } {
  if (!pending || pending.end !== null) return { start: day, end: null };
  return day < pending.start ? { start: day, end: pending.start } : { start: pending.start, end: day };
}

const SHORT = { month: 'short', day: 'numeric', year: 'numeric' } as const;

/** 'Oct 26, 2026 – Nov 24, 2026', one date when both ends are the same day. */
export function rangeText(range: DayRange): string {
  const start = parseDay(range.start).toLocaleDateString('en-US', SHORT);
  const end = parseDay(range.end).toLocaleDateString('en-US', SHORT);
  return start === end ? start : `${start} – ${end}`;
}

/** The weeks of a month's grid (Sunday first); days outside the month are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(year, month, 1);
  const days = new Date(year, month + 1, 0).getDate();
  const cells: (string | null)[] = Array.from({ length: first.getDay() }, () => null);
  for (let day = 1; day <= days; day++) cells.push(isoDay(new Date(year, month, day)));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}
