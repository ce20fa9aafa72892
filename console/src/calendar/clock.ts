import { TZDate } from '@date-fns/tz';
import type { AppointmentDto } from '@pp/contracts';

/**
 * The calendar's clock (docs/decisions/0025-calendar-clock.md): appointments are shown at their location's wall
 * times, whatever the browser's zone. FullCalendar runs in 'UTC' and is given wall times without an offset, so a
 * Date it hands back carries the wall clock in its UTC fields ("a wall-clock date"); these helpers turn such dates
 * into instants on a zone's clock and back. No React, no I/O.
 */

/** FullCalendar's timeZone setting: its dates are wall-clock dates (their UTC fields are the wall clock). */
export const CALENDAR_TIME_ZONE = 'UTC';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/** The zone of this browser (the fallback when nothing names one). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether a text is a zone this browser knows. */
export function isZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DDTHH:mm:ss' (no offset) of an instant on a zone's clock. */
export function wallText(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  return (
    `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`
  );
}

/** 'YYYY-MM-DDTHH:mm:ss' of a wall-clock date (its UTC fields). */
export function wallDateText(wall: Date): string {
  return wall.toISOString().slice(0, 19);
}

/** A wall-clock date (UTC fields = the wall clock) from 'YYYY-MM-DDTHH:mm[:ss]', or null. */
export function wallDate(text: string): Date | null {
  const match = WALL.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0)),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The instant at which a zone's clock shows the wall time of a wall-clock date (DST-safe: 10:00 in Chicago is
 * 16:00Z in winter and 15:00Z in summer). A wall time that does not exist (skipped by a change to daylight time)
 * moves forward by the gap; one that happens twice (the change back) is the first of the two.
 */
export function instantOnClock(wall: Date, zone: string): Date {
  const local = new TZDate(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    zone,
  );
  return new Date(local.getTime());
}

/** Now as a wall-clock date on a zone's clock (the calendar's today and its now indicator). */
export function nowOnClock(zone: string, now: Date = new Date()): Date {
  return wallDate(wallText(now, zone)) as Date;
}

/** An appointment's zone: its own (its location's), else the given fallback. */
export function zoneOf(appointment: Pick<AppointmentDto, 'tz'>, fallback: string): string {
  return isZone(appointment.tz) ? appointment.tz : fallback;
}

/**
 * An appointment's start and end on its location's clock ('YYYY-MM-DDTHH:mm:ss'): start_time_local/end_time_local
 * as the server gives them, else its instants read on its zone (else the fallback zone's) clock.
 */
export function wallTimes(
  appointment: Pick<AppointmentDto, 'start_time' | 'end_time' | 'start_time_local' | 'end_time_local' | 'tz'>,
  fallbackZone: string,
): { start: string; end: string } {
  const zone = zoneOf(appointment, fallbackZone);
  const read = (local: string | undefined | null, instant: string) => {
    const fromLocal = local ? wallDate(local) : null;
    if (fromLocal) return wallDateText(fromLocal);
    const date = new Date(instant);
    return Number.isNaN(date.getTime()) ? instant : wallText(date, zone);
  };
  return {
    start: read(appointment.start_time_local, appointment.start_time),
    end: read(appointment.end_time_local, appointment.end_time),
  };
}

/** The zone the calendar's today follows: the primary location's, else the first location's, else the browser's. */
export function practiceZone(
  locations: readonly { is_primary?: boolean; timezone?: string | null }[],
): string {
  const primary = locations.find((location) => location.is_primary && isZone(location.timezone));
  const any = locations.find((location) => isZone(location.timezone));
  return (primary ?? any)?.timezone ?? browserZone();
}

/** The distinct zones of the practice's locations (more than one: each event names its zone). */
export function zonesOf(locations: readonly { timezone?: string | null }[]): string[] {
  return [...new Set(locations.map((location) => location.timezone).filter(isZone))];
}

/** 'CST', 'CDT', 'MST'…: a zone's short name at an instant (as the browser's English names it). */
export function zoneAbbreviation(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** A wall-clock date as yyyy-mm-dd. */
export const wallDay = (wall: Date): string => wallDateText(wall).slice(0, 10);

/**
 * The days to ask the appointment call for, given FullCalendar's visible range (wall-clock dates, end exclusive).
 * The server reads them on the practice's clock; a location in another zone can have appointments up to a day on
 * either side, so a day is added at each end (the page keeps only those whose wall times overlap the range).
 */
export function requestDays(start: Date, endExclusive: Date): { start: string; end: string } {
  const day = 86_400_000;
  return { start: wallDay(new Date(start.getTime() - day)), end: wallDay(endExclusive) };
}

/** Whether an appointment's wall times overlap the visible range (wall-clock dates, end exclusive). */
export function overlapsRange(
  wall: { start: string; end: string },
  start: Date,
  endExclusive: Date,
): boolean {
  const from = wallDateText(start);
  const to = wallDateText(endExclusive);
  return wall.start < to && (wall.end > from || wall.start >= from);
}

/** An instant on a zone's clock with the zone's short name: 'Saturday, November 28, 2026, 7:00 PM CST'. */
export function formatOnClock(
  instant: Date,
  zone: string,
  options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
): string {
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone, timeZoneName: 'short' }).format(
    instant,
  );
}
