// When the simulated front desk books a consultation: a 30-minute slot in the location's business hours, on its
// own clock, in the next working days. Pure: unit-tested (booking.spec.ts).
import { pick, type Random } from './traffic';

export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}
export type BusinessHours = Partial<Record<Weekday, DayHours>> | null;
type Weekday = 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday';
const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The calendar's default when a location has no hours: 09:00–17:00, Monday to Friday. */
const DEFAULT_HOURS: Record<Weekday, DayHours> = Object.fromEntries(
  WEEKDAYS.map((day) => [
    day,
    { open: '09:00', close: '17:00', closed: day === 'saturday' || day === 'sunday' },
  ]),
) as Record<Weekday, DayHours>;

export const APPOINTMENT_MINUTES = 30;

/** The wall-clock date and time of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The instant at which the clock in `timeZone` shows the given date and time (the earlier one at a DST fold). */
export function zonedTime(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  let guess = asUtc;
  for (let round = 0; round < 3; round++) {
    const shown = wallClock(new Date(guess), timeZone);
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += asUtc - shownAsUtc;
  }
  return new Date(guess);
}

const minutesOf = (text: string) => {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * Up to `count` distinct 30-minute starts, drawn at random from the open half-hours of the next `days` days
 * (tomorrow first, on the location's clock), in time order. Empty when the location is closed all that time.
 */
export function candidateSlots(
  random: Random,
  now: Date,
  timeZone: string,
  hours: BusinessHours,
  options: { days?: number; count?: number } = {},
): Date[] {
  const days = options.days ?? 10;
  const count = options.count ?? 6;
  const today = wallClock(now, timeZone);
  const open: Date[] = [];
  for (let offset = 1; offset <= days; offset++) {
    const noonUtc = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const date = {
      year: noonUtc.getUTCFullYear(),
      month: noonUtc.getUTCMonth() + 1,
      day: noonUtc.getUTCDate(),
    };
    const weekday = WEEKDAYS[noonUtc.getUTCDay()];
    const day = (hours ?? DEFAULT_HOURS)[weekday] ?? DEFAULT_HOURS[weekday];
    if (!day || day.closed) continue;
    for (
      let minute = minutesOf(day.open);
      minute + APPOINTMENT_MINUTES <= minutesOf(day.close);
      minute += 30
    ) {
      open.push(zonedTime(date, Math.floor(minute / 60), minute % 60, timeZone));
    }
  }
  const chosen = new Set<Date>();
  while (chosen.size < Math.min(count, open.length)) chosen.add(pick(random, open));
  return [...chosen].sort((a, b) => a.getTime() - b.getTime());
}
