import { en } from '../i18n/en';
import { localDate } from '../leads/format/time';

const t = en.pp.analytics.relative;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The analytics area's relative time (docs/product/analytics.md#constants): 'Just now' under a minute (and for a
 * future time), 'N min ago' under an hour, '1 hour ago' / 'N hours ago' under a day, 'Yesterday' under two days,
 * 'N days ago' under 30 days, then the date. '' for a missing or unreadable time.
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return t.just_now;
  if (elapsed < HOUR) return t.minutes.replace('%{count}', String(Math.floor(elapsed / MINUTE)));
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? t.hour : t.hours.replace('%{count}', String(hours));
  }
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return t.yesterday;
  if (days < 30) return t.days.replace('%{count}', String(days));
  return localDate(date);
}
