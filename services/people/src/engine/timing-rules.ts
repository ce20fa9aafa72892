import { TZDate } from '@date-fns/tz';
import type { BusinessHours, Weekday } from '@pp/contracts';
import { windowOn } from './contact-windows';

/**
 * When the engine may contact a lead (docs/product/ai-engine.md#timing, docs/product/channels.md#quiet-hours):
 * texts and calls only inside the lead's calling hours (contact-windows.ts: 08:00–21:00, stricter in some
 * states), follow-ups inside the location's business hours. Pure: every rule takes the instant and the IANA
 * time zones it is judged in, and works on wall-clock time there, so a DST change moves nothing: 08:00 stays
 * 08:00 local whether the day has 23, 24 or 25 hours.
 */

export type ContactChannel = 'sms' | 'email' | 'phone';

/**
 * Where the lead's clock is (contact-clock.ts): the IANA zones its number may be in (an area code spanning two
 * zones gives both, and a time must suit every one) and its US state when known, whose own calling hours apply
 * (contact-windows.ts). A bare zone name stands for that zone with the federal hours.
 */
export interface ContactClock {
  zones: string[];
  state: string | null;
}

export type ClockLike = ContactClock | string;

export const asClock = (clock: ClockLike): ContactClock =>
  typeof clock === 'string' ? { zones: [clock], state: null } : clock;

const WEEKDAY_BY_INDEX: Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

/** The wall clock at `at` in `timeZone`, in minutes after local midnight. */
function localMinutes(local: TZDate): number {
  return local.getHours() * 60 + local.getMinutes();
}

/** The instant of `minutes` after midnight of the local day `dayOffset` days after `local`'s day. */
function localTime(local: TZDate, dayOffset: number, minutes: number, timeZone: string): Date {
  const at = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    Math.floor(minutes / 60),
    minutes % 60,
    0,
    0,
    timeZone,
  );
  return new Date(at.getTime());
}

/** The weekday of the local day `dayOffset` days after `local`'s day (read at noon, clear of DST changes). */
function weekdayAfter(local: TZDate, dayOffset: number, timeZone: string): Weekday {
  const noon = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + dayOffset,
    12,
    0,
    0,
    0,
    timeZone,
  );
  return WEEKDAY_BY_INDEX[noon.getDay()];
}

/** Whether a channel is held to the lead's calling hours (texts and calls; email is read when the lead chooses). */
export function isQuietHoursChannel(channel: ContactChannel): boolean {
  return channel !== 'email';
}

function insideWindow(at: Date, zone: string, state: string | null): boolean {
  const local = new TZDate(at.getTime(), zone);
  const window = windowOn(state, WEEKDAY_BY_INDEX[local.getDay()]);
  const minutes = localMinutes(local);
  return window !== null && minutes >= window.start && minutes < window.end;
}

/** Whether `at` is inside the lead's calling hours in every zone it may be in (always true for email). */
export function isAllowedTime(channel: ContactChannel, at: Date, clock: ClockLike): boolean {
  if (!isQuietHoursChannel(channel)) return true;
  const { zones, state } = asClock(clock);
  return zones.every((zone) => insideWindow(at, zone, state));
}

/** Where the lead's windows open over the next `days` days, in every zone, after `due`. */
function windowStarts(due: Date, clock: ContactClock, days: number): Date[] {
  const starts: Date[] = [];
  for (const zone of clock.zones) {
    const local = new TZDate(due.getTime(), zone);
    for (let offset = 0; offset <= days; offset++) {
      const window = windowOn(clock.state, weekdayAfter(local, offset, zone));
      if (window) starts.push(localTime(local, offset, window.start, zone));
    }
  }
  return starts;
}

/** The first of `candidates` at or after `due` that `allowed` accepts, or null. */
function firstAccepted(due: Date, candidates: Date[], allowed: (at: Date) => boolean): Date | null {
  const ordered = [due, ...candidates.filter((at) => at.getTime() > due.getTime())].sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  return ordered.find(allowed) ?? null;
}

/** `at` on the lead's wall clock ('08:00'), read in the first of its zones: for the reasons staff see. */
export function leadWallClock(at: Date, clock: ClockLike): string {
  const local = new TZDate(at.getTime(), asClock(clock).zones[0]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The earliest instant at or after `due` when `channel` may reach the lead: email at once; SMS and calls inside
 * the lead's calling hours (08:00–21:00 local, a state's stricter hours where it sets them, in every zone the
 * number may be in), else when they next open. The answer is a window's opening on the local wall clock, so a
 * DST change moves nothing.
 */
export function nextAllowedTime(channel: ContactChannel, due: Date, clock: ClockLike): Date {
  if (!isQuietHoursChannel(channel)) return due;
  const contact = asClock(clock);
  const allowed = (at: Date) => isAllowedTime(channel, at, contact);
  // Most often `due` itself may go (the windows ahead are worked out only when it may not).
  if (allowed(due)) return due;
  // Every state's rule leaves a window within any 8 days; the fallback only guards a table edited to none.
  return firstAccepted(due, windowStarts(due, contact, 8), allowed) ?? due;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function insideHours(at: Date, timeZone: string, hours: BusinessHours): boolean {
  const local = new TZDate(at.getTime(), timeZone);
  const day = hours[WEEKDAY_BY_INDEX[local.getDay()]];
  if (!day || day.closed) return false;
  const minutes = localMinutes(local);
  return minutes >= toMinutes(day.open) && minutes < toMinutes(day.close);
}

/** Where the location's business hours open over the next `days` days after `due`. */
function openings(due: Date, timeZone: string, hours: BusinessHours, days: number): Date[] {
  const local = new TZDate(due.getTime(), timeZone);
  const starts: Date[] = [];
  for (let offset = 0; offset <= days; offset++) {
    const day = hours[weekdayAfter(local, offset, timeZone)];
    if (day && !day.closed) starts.push(localTime(local, offset, toMinutes(day.open), timeZone));
  }
  return starts;
}

/**
 * The earliest instant at or after `due` inside the location's business hours (in the location's zone) and,
 * for SMS and calls, inside the lead's calling hours (`clock`, the location's zone when not given), looking a
 * week ahead. Null when the hours leave no such time in that week (every day closed, or open only when the
 * lead may not be texted): the caller then uses `nextAllowedTime`.
 */
export function nextBusinessTime(
  channel: ContactChannel,
  due: Date,
  timeZone: string,
  hours: BusinessHours,
  clock: ClockLike = timeZone,
): Date | null {
  const contact = asClock(clock);
  const allowed = (at: Date) => insideHours(at, timeZone, hours) && isAllowedTime(channel, at, contact);
  if (allowed(due)) return due;
  const candidates = [
    ...openings(due, timeZone, hours, 7),
    ...(isQuietHoursChannel(channel) ? windowStarts(due, contact, 7) : []),
  ];
  const limit = due.getTime() + 8 * 24 * 3600 * 1000;
  const found = firstAccepted(due, candidates, allowed);
  return found && found.getTime() < limit ? found : null;
}

/**
 * When a follow-up `afterDays` days after `from` goes out: that moment (calendar days on the location's wall
 * clock) moved into the location's business hours when it has some, else only into the lead's calling hours.
 */
export function followUpTime(
  channel: ContactChannel,
  from: Date,
  afterDays: number,
  timeZone: string,
  hours: BusinessHours | null,
  clock: ClockLike = timeZone,
): Date {
  const local = new TZDate(from.getTime(), timeZone);
  // Calendar days on the local clock: 10:00 stays 10:00 across a DST change.
  const due = new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + afterDays,
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
      0,
      timeZone,
    ).getTime(),
  );
  const inHours = hours ? nextBusinessTime(channel, due, timeZone, hours, clock) : null;
  return inHours ?? nextAllowedTime(channel, due, clock);
}
