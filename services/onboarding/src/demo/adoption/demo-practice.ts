import { type BusinessHours, WEEKDAYS } from '@pp/contracts';
import type { OpeningHoursSpec } from '../../extraction/extract-practice';

/** Most pages of a demo a new practice's knowledge reads (the demo reads at most 30). */
export const MAX_ADOPTED_PAGES = 30;

/**
 * The opening hours a site states, as a location's business hours (docs/product/settings.md#business-hours):
 * a day the site names opens and closes as it says (the first statement of a day wins), a day it does not name
 * is closed. Null when the site states none, so the practice keeps the default hours.
 */
export function businessHoursOf(hours: readonly OpeningHoursSpec[] | null | undefined): BusinessHours | null {
  if (!hours || hours.length === 0) return null;
  const week = {} as BusinessHours;
  for (const weekday of WEEKDAYS) {
    const stated = hours.find((spec) => spec.days.some((day) => day.toLowerCase() === weekday));
    week[weekday] = stated
      ? { open: stated.opens, close: stated.closes, closed: false }
      : { open: '09:00', close: '17:00', closed: true };
  }
  return week;
}

/**
 * The time zone of a practice's phone number: the one zone its number belongs to, or null when the number
 * spans several (a toll-free number, a state split by a zone line) or none is known.
 */
export function timeZoneOf(zones: readonly string[] | null | undefined): string | null {
  const known = [...new Set(zones ?? [])].filter((zone) => zone !== 'Etc/Unknown');
  return known.length === 1 ? known[0] : null;
}
