import { LeadLimits } from '@pp/contracts';
import { parseIsoDateTime } from '@pp/platform';

/** The server's answers when a booking's times break a rule (docs/product/calendar.md#booking). */
export const AppointmentMessages = {
  invalidTime: 'start_time and end_time must be ISO 8601 date-times with a time zone',
  endBeforeStart: 'The end time must be after the start time',
  length: 'Appointments are 30 minutes long',
  past: 'The appointment cannot start in the past',
} as const;

/**
 * How far in the past a start may be and still be accepted: the console's clock and ours differ a little,
 * and a slot picked a moment ago must not be refused for that.
 */
export const PAST_GRACE_MS = 60_000;

export interface AppointmentTimes {
  start: Date;
  end: Date;
}

/** Parses and checks a booking's times; returns them, or the message of the first rule broken. */
export function checkAppointmentTimes(
  startText: string,
  endText: string,
  now: Date,
): AppointmentTimes | { problem: string } {
  // The one date-time rule of every date input: a real date and time with a zone, never rolled over.
  const start = parseIsoDateTime(startText);
  const end = parseIsoDateTime(endText);
  if (!start || !end) return { problem: AppointmentMessages.invalidTime };
  if (end.getTime() <= start.getTime()) return { problem: AppointmentMessages.endBeforeStart };
  if (end.getTime() - start.getTime() !== LeadLimits.appointmentMinutes * 60_000) {
    return { problem: AppointmentMessages.length };
  }
  if (start.getTime() < now.getTime() - PAST_GRACE_MS) return { problem: AppointmentMessages.past };
  return { start, end };
}
