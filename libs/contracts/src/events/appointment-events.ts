import { EventEnvelope } from './envelope';

/** Payloads on `calendar.appointments` (docs/architecture.md#how-events-flow). */
export type AppointmentEventType =
  | 'appointment_scheduled'
  | 'appointment_rescheduled'
  | 'appointment_cancelled'
  /** The lead did not come: the appointment keeps its times, its status becomes `no_show`. */
  | 'appointment_no_show';

/** The appointment as it is after the change (docs/product/calendar.md#appointment). Times are ISO 8601. */
export interface AppointmentSnapshot {
  appointment_id: string;
  practice_id: string;
  location_id: string | null;
  person_id: string | null;
  calendar_id: string | null;
  title: string;
  description: string | null;
  /** Free-text place of the visit, as booked (the location's name or address). */
  location: string | null;
  start_time: string;
  end_time: string;
  status: string;
  source: string;
  /**
   * The IANA zone of the appointment's location (the practice's when it has none), on whose clock staff read its
   * times. Optional: events published before it was added carry none.
   */
  tz?: string;
}

export interface AppointmentEventV1 extends EventEnvelope<AppointmentEventType> {
  appointment: AppointmentSnapshot;
  /** The times before the change: set on appointment_rescheduled and appointment_cancelled. */
  previous?: { start_time: string; end_time: string } | null;
}
