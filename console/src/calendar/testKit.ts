import type { AppointmentDto } from '@pp/contracts';

/** Appointments for the calendar's tests. */
export function anAppointment(changes: Partial<AppointmentDto> = {}): AppointmentDto {
  return {
    appointment_id: 'apt-1',
    practice_id: 'p-glow',
    title: 'Botox consultation',
    start_time: '2026-11-24T15:00:00.000Z',
    end_time: '2026-11-24T15:30:00.000Z',
    start_time_local: '2026-11-24T09:00:00',
    end_time_local: '2026-11-24T09:30:00',
    tz: 'America/Chicago',
    status: 'confirmed',
    is_editable: true,
    location_id: 'loc-dallas',
    location_name: 'Dallas',
    source: 'practicepilot',
    contact_id: null,
    person_id: 'lead-1',
    person_name: 'Sofia Marquez',
    person_first_name: 'Sofia',
    person_last_name: 'Marquez',
    person_email: 'sofia.marquez@mail.example',
    person_phone: '+12145550131',
    person_avatar: null,
    person_age: null,
    person_location: null,
    person_title: null,
    person_organization: null,
    person_education: null,
    ...changes,
  };
}
