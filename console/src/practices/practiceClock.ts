import { browserZone, isZone, practiceZone, zoneAbbreviation } from '../calendar/clock';
import { useLocations, type LocationRow } from '../calendar/calendarQueries';
import { useSelectedPracticeId } from './selectedPractice';

/**
 * The practice's clock for the leads workspace (docs/decisions/0039-console-on-front-desk-screens.md): times of a
 * lead or an appointment are shown on the location's clock, as the calendar shows them
 * (docs/decisions/0025-calendar-clock.md), and relative ages count days on the practice's clock. Pure functions
 * below; the hooks read the selected practice's locations (cached 5 minutes, shared with the calendar).
 */

/** The selected practice's locations and its zone (primary location's, else the first's, else the browser's). */
export function usePracticeClock(): { zone: string; locations: readonly LocationRow[] } {
  const locations = useLocations(useSelectedPracticeId());
  return { zone: practiceZone(locations), locations };
}

/**
 * The zone of a location named by its id or its name: its own when the practice has it, else `fallback`.
 */
export function zoneOfLocation(
  location: unknown,
  locations: readonly LocationRow[],
  fallback: string,
): string {
  const key = typeof location === 'string' ? location.trim().toLowerCase() : '';
  const found = key
    ? locations.find((row) => row.location_id.toLowerCase() === key || row.name?.trim().toLowerCase() === key)
    : undefined;
  return found && isZone(found.timezone) ? found.timezone : fallback;
}

/**
 * The zone of an appointment in a timeline event: the zone the calendar sent with it (`tz`), else its location's
 * (by `location_id`, then by the location's name), else the practice's.
 */
export function zoneOfAppointment(
  data: Record<string, unknown>,
  locations: readonly LocationRow[],
  fallback: string,
): string {
  if (typeof data.tz === 'string' && isZone(data.tz)) return data.tz;
  const byId = zoneOfLocation(data.location_id, locations, '');
  return byId || zoneOfLocation(data.location, locations, fallback);
}

/**
 * 'Mar 4, 10:30 AM' on a zone's clock, with the zone's short name when it differs from the browser's at that
 * instant ('Mar 4, 10:30 AM CST'). Empty for anything that is not a date.
 */
export function dateTimeOn(
  value: unknown,
  zone: string,
  { browser = browserZone(), named = true }: { browser?: string; named?: boolean } = {},
): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = date.toLocaleString('en-US', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return named ? withZoneName(text, date, zone, browser) : text;
}

/** The text with the zone's short name when it is not the browser's at that instant. */
function withZoneName(text: string, date: Date, zone: string, browser: string): string {
  const name = zoneAbbreviation(zone, date);
  return name === zoneAbbreviation(browser, date) ? text : `${text} ${name}`;
}

/** '10:30 AM' (with the zone's short name when it differs from the browser's). */
export function timeOn(value: unknown, zone: string, browser: string = browserZone()): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = date.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  return withZoneName(text, date, zone, browser);
}
