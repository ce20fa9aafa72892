import { TZDate } from '@date-fns/tz';
import type { BusinessHours, Weekday } from '@pp/contracts';

/**
 * When the engine may contact a lead (docs/product/ai-engine.md#timing). Pure: every rule takes the instant and
 * the IANA time zone it is judged in, and works on wall-clock time there, so a DST change moves nothing: 08:00
 * stays 08:00 local whether the day has 23, 24 or 25 hours.
 */

export type ContactChannel = 'sms' | 'email' | 'phone';

/** SMS and calls go out only between 08:00 and 21:00 in the lead's time zone. */
export const QUIET_HOURS = { start: 21, end: 8 } as const;

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

/** Whether a channel is held to the 08:00–21:00 window (texts and calls; email is read when the lead chooses). */
export function isQuietHoursChannel(channel: ContactChannel): boolean {
  return channel !== 'email';
}

/**
 * The earliest instant at or after `due` when `channel` may reach a lead in `timeZone`: email at once; SMS and
 * calls inside 08:00–21:00 local, else at the next 08:00 local (the same morning before 08:00, the next one after
 * 21:00).
 */
export function nextAllowedTime(channel: ContactChannel, due: Date, timeZone: string): Date {
  if (!isQuietHoursChannel(channel)) return due;
  const local = new TZDate(due.getTime(), timeZone);
  const minutes = localMinutes(local);
  if (minutes >= QUIET_HOURS.end * 60 && minutes < QUIET_HOURS.start * 60) return due;
  const nextMorning = localTime(
    local,
    minutes < QUIET_HOURS.end * 60 ? 0 : 1,
    QUIET_HOURS.end * 60,
    timeZone,
  );
  // A DST gap at 08:00 does not exist in practice (changes happen at night), but never go backwards.
  return nextMorning.getTime() < due.getTime() ? due : nextMorning;
}

/** Whether `at` is inside 08:00–21:00 in `timeZone` (always true for email). */
export function isAllowedTime(channel: ContactChannel, at: Date, timeZone: string): boolean {
  return nextAllowedTime(channel, at, timeZone).getTime() === at.getTime();
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The earliest instant at or after `due` inside the location's business hours (and, for SMS and calls, inside
 * 08:00–21:00 local), looking a week ahead. Null when the hours leave no such time in that week (every day
 * closed, or open only at night for a text): the caller then uses `nextAllowedTime`.
 */
export function nextBusinessTime(
  channel: ContactChannel,
  due: Date,
  timeZone: string,
  hours: BusinessHours,
): Date | null {
  const local = new TZDate(due.getTime(), timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const day = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + offset,
      12,
      0,
      0,
      0,
      timeZone,
    );
    const dayHours = hours[WEEKDAY_BY_INDEX[day.getDay()]];
    if (!dayHours || dayHours.closed) continue;
    let open = toMinutes(dayHours.open);
    let close = toMinutes(dayHours.close);
    if (isQuietHoursChannel(channel)) {
      open = Math.max(open, QUIET_HOURS.end * 60);
      close = Math.min(close, QUIET_HOURS.start * 60);
    }
    if (open >= close) continue;
    const from = offset === 0 ? Math.max(open, localMinutes(local)) : open;
    if (from >= close) continue;
    const at = offset === 0 && from === localMinutes(local) ? due : localTime(local, offset, from, timeZone);
    if (at.getTime() >= due.getTime()) return at;
  }
  return null;
}

/**
 * When a follow-up `afterDays` days after `from` goes out: that moment moved into the location's business hours
 * when it has some, else only out of the quiet hours.
 */
export function followUpTime(
  channel: ContactChannel,
  from: Date,
  afterDays: number,
  timeZone: string,
  hours: BusinessHours | null,
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
  const inHours = hours ? nextBusinessTime(channel, due, timeZone, hours) : null;
  return inHours ?? nextAllowedTime(channel, due, timeZone);
}
