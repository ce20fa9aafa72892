import type { AppointmentSnapshot } from '@pp/contracts';
import { Appointment } from './appointment.entity';
import { LeadSnapshot } from './people.client';

/** The appointment as it travels on `calendar.appointments`. */
export function toAppointmentSnapshot(appointment: Appointment): AppointmentSnapshot {
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
