import type { AppointmentEventType, AppointmentEventV1 } from '@pp/contracts';

export const APPOINTMENT_EVENT_TYPES: readonly AppointmentEventType[] = [
  'appointment_scheduled',
  'appointment_rescheduled',
  'appointment_cancelled',
  'appointment_no_show',
];

/** Stages past the consultation: a new booking or a cancellation does not move a lead back from them. */
const PAST_CONSULTATION = ['Post Consultation', 'Booked Procedure'];

/** Whether a calendar.appointments payload is one this service can apply. */
export function isApplicableAppointmentEvent(event: unknown): event is AppointmentEventV1 {
  const candidate = event as Partial<AppointmentEventV1> | null;
  return (
    !!candidate &&
    (APPOINTMENT_EVENT_TYPES as readonly string[]).includes(candidate.type as string) &&
    typeof candidate.practice_id === 'string' &&
    typeof candidate.appointment?.person_id === 'string' &&
    typeof candidate.appointment.start_time === 'string' &&
    typeof candidate.appointment.end_time === 'string'
  );
}

/**
 * content_data of the timeline event (docs/product/leads.md#event: start_time, end_time, from_*, cancelled_*), with
 * the appointment's `location_id` and, when the calendar sent it, its location's zone (`tz`): the console shows the
 * times on that clock, as the calendar does (docs/decisions/0039-console-on-front-desk-screens.md).
 */
export function appointmentContent(event: AppointmentEventV1): Record<string, unknown> {
  const { appointment, previous } = event;
  const base = {
    appointment_id: appointment.appointment_id,
    title: appointment.title,
    location: appointment.location,
    location_id: appointment.location_id ?? null,
    ...(typeof appointment.tz === 'string' && appointment.tz ? { tz: appointment.tz } : {}),
    status: appointment.status,
  };
  if (event.type === 'appointment_cancelled') {
    return {
      ...base,
      cancelled_start_time: previous?.start_time ?? appointment.start_time,
      cancelled_end_time: previous?.end_time ?? appointment.end_time,
    };
  }
  const content = { ...base, start_time: appointment.start_time, end_time: appointment.end_time };
  if (event.type === 'appointment_rescheduled' && previous) {
    return { ...content, from_start_time: previous.start_time, from_end_time: previous.end_time };
  }
  return content;
}

/** The lead's stage after the event: Scheduled on a booking, No Show / Cancelled on a cancellation or a no-show. */
export function stageAfterAppointment(type: AppointmentEventType, stage: string): string {
  if (PAST_CONSULTATION.includes(stage)) return stage;
  if (type === 'appointment_scheduled') return 'Scheduled';
  if (type === 'appointment_cancelled' || type === 'appointment_no_show') return 'No Show / Cancelled';
  return stage;
}
