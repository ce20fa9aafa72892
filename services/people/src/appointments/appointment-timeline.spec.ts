import type { AppointmentEventV1 } from '@pp/contracts';
import {
  appointmentContent,
  isApplicableAppointmentEvent,
  stageAfterAppointment,
} from './appointment-timeline';

const event = (overrides: Partial<AppointmentEventV1> = {}): AppointmentEventV1 => ({
  v: 1,
  event_id: 'e1',
  practice_id: 'p1',
  occurred_at: '2030-05-01T12:00:00.000Z',
  type: 'appointment_scheduled',
  appointment: {
    appointment_id: 'a1',
    practice_id: 'p1',
    location_id: null,
    person_id: 'lead-1',
    calendar_id: null,
    title: 'Botox consultation',
    description: null,
    location: 'Uptown Clinic',
    start_time: '2030-05-03T15:00:00.000Z',
    end_time: '2030-05-03T15:30:00.000Z',
    status: 'confirmed',
    source: 'practicepilot',
  },
  previous: null,
  ...overrides,
});

describe('appointment timeline rules', () => {
  it('records a booking with its times, title and place', () => {
    expect(appointmentContent(event())).toEqual({
      appointment_id: 'a1',
      title: 'Botox consultation',
      location: 'Uptown Clinic',
      location_id: null,
      status: 'confirmed',
      start_time: '2030-05-03T15:00:00.000Z',
      end_time: '2030-05-03T15:30:00.000Z',
    });
  });

  it("keeps the appointment's location id and its location's zone, so its times read on that clock", () => {
    const content = appointmentContent(
      event({
        type: 'appointment_rescheduled',
        appointment: { ...event().appointment, location_id: 'loc-1', tz: 'America/Chicago' },
        previous: { start_time: '2030-05-02T15:00:00.000Z', end_time: '2030-05-02T15:30:00.000Z' },
      }),
    );
    expect(content).toMatchObject({ location_id: 'loc-1', tz: 'America/Chicago' });
    expect(appointmentContent(event({ type: 'appointment_cancelled' }))).not.toHaveProperty('tz');
  });

  it('records where a rescheduled appointment moved from', () => {
    const content = appointmentContent(
      event({
        type: 'appointment_rescheduled',
        previous: { start_time: '2030-05-02T15:00:00.000Z', end_time: '2030-05-02T15:30:00.000Z' },
      }),
    );
    expect(content).toMatchObject({
      start_time: '2030-05-03T15:00:00.000Z',
      from_start_time: '2030-05-02T15:00:00.000Z',
      from_end_time: '2030-05-02T15:30:00.000Z',
    });
  });

  it('records the cancelled times of a cancellation', () => {
    const content = appointmentContent(event({ type: 'appointment_cancelled' }));
    expect(content).toMatchObject({
      cancelled_start_time: '2030-05-03T15:00:00.000Z',
      cancelled_end_time: '2030-05-03T15:30:00.000Z',
    });
    expect(content).not.toHaveProperty('start_time');
  });

  it('moves the lead to Scheduled on a booking and to No Show / Cancelled on a cancellation', () => {
    expect(stageAfterAppointment('appointment_scheduled', 'Active Conversation')).toBe('Scheduled');
    expect(stageAfterAppointment('appointment_scheduled', 'Closed - Lost')).toBe('Scheduled');
    expect(stageAfterAppointment('appointment_cancelled', 'Scheduled')).toBe('No Show / Cancelled');
    expect(stageAfterAppointment('appointment_rescheduled', 'Scheduled')).toBe('Scheduled');
    expect(stageAfterAppointment('appointment_no_show', 'Scheduled')).toBe('No Show / Cancelled');
  });

  it('never moves a lead back from Post Consultation or Booked Procedure', () => {
    expect(stageAfterAppointment('appointment_scheduled', 'Post Consultation')).toBe('Post Consultation');
    expect(stageAfterAppointment('appointment_cancelled', 'Booked Procedure')).toBe('Booked Procedure');
  });

  it('accepts only the four appointment events with a lead', () => {
    expect(isApplicableAppointmentEvent(event())).toBe(true);
    expect(isApplicableAppointmentEvent({ ...event(), type: 'appointment_deleted' })).toBe(false);
    expect(
      isApplicableAppointmentEvent(event({ appointment: { ...event().appointment, person_id: null } })),
    ).toBe(false);
    expect(isApplicableAppointmentEvent(null)).toBe(false);
  });
});
