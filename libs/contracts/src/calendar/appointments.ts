/**
 * The calendar's appointments as the API answers them (docs/product/calendar.md#appointment and #calls): one
 * contract for the calendar service and the console.
 */
export type AppointmentStatus = 'confirmed' | 'cancelled' | 'pending' | 'no_show' | (string & {});

export interface AppointmentEducation {
  degree?: string | null;
  name?: string | null;
}

export interface AppointmentDto {
  appointment_id: string;
  practice_id: string;
  title: string;
  /** ISO instants. */
  start_time: string;
  end_time: string;
  /** The same times on the location's wall clock, 'YYYY-MM-DDTHH:mm:ss' without offset, and its IANA zone. */
  start_time_local: string;
  end_time_local: string;
  tz: string;
  status: AppointmentStatus;
  /** False for appointments made outside the product (GHL): shown read-only. */
  is_editable: boolean;
  location_id: string | null;
  location_name: string | null;
  /** 'practicepilot', 'ghl', … */
  source: string;
  /** The contact in the external calendar (GHL), for 'View in GHL'. */
  contact_id: string | null;
  person_id: string | null;
  person_name: string | null;
  person_first_name: string | null;
  person_last_name: string | null;
  person_email: string | null;
  person_phone: string | null;
  person_avatar: string | null;
  person_age: number | null;
  person_location: string | null;
  person_title: string | null;
  person_organization: string | null;
  person_education: AppointmentEducation[] | null;
}

/** `GET /api/v1/calendar/appointments?practice_id&start_date&end_date` (yyyy-mm-dd). */
export interface AppointmentListResponse {
  appointments: AppointmentDto[];
}

/** `PUT /api/v1/calendar/appointments/{appointment_id}?practice_id`. */
export interface RescheduleAppointmentRequest {
  /** ISO instant; the duration is kept. */
  new_start_time: string;
  /** Staff confirmed a time outside the location's hours. */
  confirm_outside_hours?: boolean;
}

export interface RescheduleAppointmentResponse {
  success: boolean;
  appointment?: AppointmentDto;
}
