import type { AppointmentDto, AppointmentSnapshot } from '@pp/contracts';
import { localText } from './calendar-rules';
import { Appointment } from './appointment.entity';
import { LeadSnapshot } from './people.client';

/**
 * The appointment as it travels on `calendar.appointments`, with the zone of its place when known (people shows
 * its times on that clock in the lead's timeline).
 */
export function toAppointmentSnapshot(
  appointment: Appointment,
  place?: AppointmentPlace,
): AppointmentSnapshot {
  return {
    appointment_id: appointment.appointment_id,
    practice_id: appointment.practice_id,
    location_id: appointment.location_id,
    person_id: appointment.person_id,
    calendar_id: appointment.calendar_id,
    title: appointment.title,
    description: appointment.description,
    location: appointment.location,
    start_time: appointment.start_time.toISOString(),
    end_time: appointment.end_time.toISOString(),
    status: appointment.status,
    source: appointment.source,
    ...(place ? { tz: place.tz } : {}),
  };
}

/** The person_* columns of an appointment, from the lead as people knows it at booking time. */
export function leadColumns(lead: LeadSnapshot): Partial<Appointment> {
  const enrichment = lead.enrichment_data ?? {};
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ').trim();
  return {
    person_name: name || null,
    person_first_name: lead.first_name,
    person_last_name: lead.last_name,
    person_email: lead.primary_email,
    person_phone: lead.primary_phone,
    person_avatar: enrichment.avatar ?? null,
    person_age: typeof enrichment.age === 'number' ? enrichment.age : null,
    person_location: enrichment.location ?? null,
    person_title: enrichment.title ?? null,
    person_organization: enrichment.organization ?? null,
    person_education: Array.isArray(enrichment.education) ? enrichment.education : null,
  };
}

/** Where an appointment's times are read: its location's zone and name, else the practice's zone. */
export interface AppointmentPlace {
  tz: string;
  location_name: string | null;
}

/** An appointment as the calendar API answers it (docs/product/calendar.md#appointment). */
export function toAppointmentDto(appointment: Appointment, place: AppointmentPlace): AppointmentDto {
  return {
    appointment_id: appointment.appointment_id,
    practice_id: appointment.practice_id,
    title: appointment.title,
    start_time: appointment.start_time.toISOString(),
    end_time: appointment.end_time.toISOString(),
    start_time_local: localText(appointment.start_time, place.tz),
    end_time_local: localText(appointment.end_time, place.tz),
    tz: place.tz,
    status: appointment.status,
    is_editable: appointment.is_editable,
    location_id: appointment.location_id,
    location_name: place.location_name,
    source: appointment.source,
    contact_id: appointment.contact_id,
    person_id: appointment.person_id,
    person_name: appointment.person_name,
    person_first_name: appointment.person_first_name,
    person_last_name: appointment.person_last_name,
    person_email: appointment.person_email,
    person_phone: appointment.person_phone,
    person_avatar: appointment.person_avatar,
    person_age: appointment.person_age,
    person_location: appointment.person_location,
    person_title: appointment.person_title,
    person_organization: appointment.person_organization,
    person_education: appointment.person_education,
  };
}
