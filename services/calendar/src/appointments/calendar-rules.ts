import { BusinessHours, defaultDayHours, WEEKDAYS } from '@pp/contracts';
import { TZDate } from '@date-fns/tz';

/** The server's answers for a calendar read or a reschedule that breaks a rule (docs/product/calendar.md#calls). */
export const CalendarMessages = {
  datesRequired: 'start_date and end_date are required (YYYY-MM-DD)',
  invalidDate: 'start_date and end_date must be dates in the form YYYY-MM-DD',
  endBeforeStart: 'end_date must be on or after start_date',
  rangeTooLong: 'The date range cannot be longer than 62 days',
  appointmentNotFound: 'Appointment not found',
  readOnly: 'This appointment was made outside PracticePilot and cannot be moved here',
  cancelled: 'A cancelled appointment cannot be moved',
  invalidStart: 'new_start_time must be an ISO 8601 date-time with a time zone',
  past: 'The appointment cannot be moved into the past',
  outsideHours:
    "The new time is outside the location's business hours. Confirm to move the appointment anyway.",
  overlap: (from: string, to: string) =>
    `Another appointment is already booked at this location from ${from} to ${to}`,
} as const;

/** The longest range GET calendar/appointments answers, in days (two months and a little). */
export const MAX_RANGE_DAYS = 62;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants a calendar read covers: from the start of start_date to the end of end_date (inclusive days) on
 * the practice's wall clock, DST-safe; or the message of the first rule broken.
 */
export function checkDateRange(
  startText: unknown,
  endText: unknown,
  zone: string,
): { from: Date; to: Date } | { problem: string } {
  if (typeof startText !== 'string' || typeof endText !== 'string' || !startText || !endText) {
    return { problem: CalendarMessages.datesRequired };
  }
  const start = calendarDay(startText);
  const end = calendarDay(endText);
  if (!start || !end) return { problem: CalendarMessages.invalidDate };
  const days = Math.round((end.utc - start.utc) / 86_400_000) + 1;
  if (days < 1) return { problem: CalendarMessages.endBeforeStart };
  if (days > MAX_RANGE_DAYS) return { problem: CalendarMessages.rangeTooLong };
  return {
    from: new Date(new TZDate(start.year, start.month, start.day, zone).getTime()),
    to: new Date(new TZDate(end.year, end.month, end.day + 1, zone).getTime()),
  };
}

/** A real day 'YYYY-MM-DD' (no 30 February, never rolled over), or null. */
function calendarDay(text: string): { year: number; month: number; day: number; utc: number } | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = text.split('-').map(Number);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(0, 0, 0, 0);
  if (
    year < 1 ||
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month: month - 1, day, utc: utc.getTime() };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock text of an instant in a zone, 'YYYY-MM-DDTHH:mm:ss' without offset. */
export function localText(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  return (
    `${String(local.getFullYear()).padStart(4, '0')}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}` +
    `T${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`
  );
}

/** '10:30 AM' on the location's clock. */
export function timeText(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
    instant,
  );
}

/** 'Mon, Mar 11, 10:00 AM' on the location's clock, for messages staff read. */
export function clockText(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);
}

/**
 * Whether an appointment from start to end falls inside the location's opening hours on its own wall clock:
 * the day is open, the start at or after opening and the end at or before closing, on the same day. Without
 * hours, the product's defaults (09:00 to 17:00 Monday to Friday).
 */
export function withinBusinessHours(
  start: Date,
  end: Date,
  zone: string,
  hours: BusinessHours | null,
): boolean {
  const localStart = new TZDate(start.getTime(), zone);
  const localEnd = new TZDate(end.getTime(), zone);
  const weekday = WEEKDAYS[(localStart.getDay() + 6) % 7];
  const day = hours?.[weekday] ?? defaultDayHours(weekday);
  if (day.closed) return false;
  const sameDay =
    localEnd.getFullYear() === localStart.getFullYear() &&
    localEnd.getMonth() === localStart.getMonth() &&
    localEnd.getDate() === localStart.getDate();
  if (!sameDay) return false;
  const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
  const startMinutes = localStart.getHours() * 60 + localStart.getMinutes();
  const endMinutes = localEnd.getHours() * 60 + localEnd.getMinutes();
  return startMinutes >= minutes(day.open) && endMinutes <= minutes(day.close);
}
