import { LeadLimits } from '@pp/contracts';

/** The server's answers when a booking's times break a rule (docs/product/calendar.md#booking). */
export const AppointmentMessages = {
  invalidTime: 'start_time and end_time must be ISO 8601 date-times with a time zone',
  endBeforeStart: 'The end time must be after the start time',
  length: 'Appointments are 30 minutes long',
  past: 'The appointment cannot start in the past',
} as const;

/** A date and a time with seconds optional and an explicit zone: '2025-06-02T15:00:00.000Z', '…+02:00'. */
export const ISO_DATE_TIME_WITH_ZONE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

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
  if (!ISO_DATE_TIME_WITH_ZONE.test(startText) || !ISO_DATE_TIME_WITH_ZONE.test(endText)) {
    return { problem: AppointmentMessages.invalidTime };
  }
  const start = new Date(startText);
  const end = new Date(endText);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    return { problem: AppointmentMessages.invalidTime };
  }
  if (end.getTime() <= start.getTime()) return { problem: AppointmentMessages.endBeforeStart };
  if (end.getTime() - start.getTime() !== LeadLimits.appointmentMinutes * 60_000) {
    return { problem: AppointmentMessages.length };
  }
  if (start.getTime() < now.getTime() - PAST_GRACE_MS) return { problem: AppointmentMessages.past };
  return { start, end };
}
