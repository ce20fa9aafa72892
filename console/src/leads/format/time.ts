import { en } from '../../i18n/en';

/**
 * Relative times of the leads workspace and the lead search (docs/product/leads.md). Pure
 * functions of a timestamp and "now", so they can be tested without a clock; components pass nothing and get
 * the current time.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Timestamp = string | Date | null | undefined;

/** Fills a catalogue template's %{count}. */
const fill = (template: string, count: number) => template.replace('%{count}', String(count));

function toDate(ts: Timestamp): Date | null {
  if (ts === null || ts === undefined || ts === '') return null;
  const date = ts instanceof Date ? ts : new Date(ts);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date an instant falls on, on a zone's clock (the browser's without one), as a UTC day number. */
export function dayOn(date: Date, zone?: string): number {
  if (!zone) return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

/**
 * Whole calendar days from `from` to `to` on a zone's clock (the practice's; the browser's without one); immune
 * to DST, unlike dividing milliseconds.
 */
function calendarDaysBetween(from: Date, to: Date, zone?: string): number {
  return Math.round((dayOn(to, zone) - dayOn(from, zone)) / DAY);
}

/** A date such as 'Mar 4, 2026', on a zone's clock (the practice's; the browser's without one). */
export function localDate(date: Date, zone?: string): string {
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(zone ? { timeZone: zone } : {}),
  });
}

/**
 * Relative lead age: 'Today', '1 day ago', 'N days ago' under 7 days, '1 week ago' / 'N weeks ago' under 30
 * days, then '1 month ago' / 'N months ago' (30-day months). Days are calendar days on the practice's clock
 * (`zone`; the browser's without one), so a lead created late yesterday at the practice is '1 day ago' this
 * morning, and midnight in the browser's zone changes nothing. A missing or future date reads 'Today'.
 */
export function leadAge(createdAt: Timestamp, now: Date = new Date(), zone?: string): string {
  const created = toDate(createdAt);
  const t = en.pp.leads.age;
  const days = created ? calendarDaysBetween(created, now, zone) : 0;
  if (days <= 0) return t.today;
  if (days === 1) return t.one_day;
  if (days < 7) return fill(t.days, days);
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? t.one_week : fill(t.weeks, weeks);
  }
  const months = Math.floor(days / 30);
  return months === 1 ? t.one_month : fill(t.months, months);
}

/**
 * Activity times (docs/product/leads.md#relative-times: 'Just now', hours under 24, days under 7, else a date). Our reading:
 * under 1 hour 'Just now'; under 24 hours 'N h ago'; under 7 days 'N d ago'; otherwise the date on the practice's
 * clock (`zone`; the browser's without one: 'Mar 4, 2026'). A future time (clock skew) is 'Just now'; a missing
 * or invalid one is ''.
 */
export function activityTime(ts: Timestamp, now: Date = new Date(), zone?: string): string {
  const date = toDate(ts);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  const t = en.pp.leads.activity;
  if (elapsed < HOUR) return t.just_now;
  if (elapsed < DAY) return fill(t.hours, Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return fill(t.days, Math.floor(elapsed / DAY));
  return localDate(date, zone);
}

/**
 * The search row's 'Last activity' (docs/product/shell.md#search-relative-time): under 1 minute 'just now', under 60
 * minutes 'N m ago', under 24 hours 'N h ago', else 'N d ago'; '—' when there is no time.
 */
export function searchRelativeTime(ts: Timestamp, now: Date = new Date()): string {
  const date = toDate(ts);
  const t = en.pp.search.relative;
  if (!date) return t.none;
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return t.just_now;
  if (elapsed < HOUR) return fill(t.minutes, Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return fill(t.hours, Math.floor(elapsed / HOUR));
  return fill(t.days, Math.floor(elapsed / DAY));
}

/**
 * The search row's created day: 'Today', 'Yesterday' or a date, in calendar days on the practice's clock (`zone`;
 * the browser's without one).
 */
export function createdDay(ts: Timestamp, now: Date = new Date(), zone?: string): string {
  const date = toDate(ts);
  if (!date) return '';
  const days = calendarDaysBetween(date, now, zone);
  if (days <= 0) return en.pp.search.today;
  if (days === 1) return en.pp.search.yesterday;
  return localDate(date, zone);
}
