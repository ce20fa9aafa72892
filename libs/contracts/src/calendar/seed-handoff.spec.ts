import { parseSeedAppointmentsHandoff, SeededAppointmentV1 } from './seed-handoff';

const appointment: SeededAppointmentV1 = {
  appointment_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  practice_id: 'bbbbbbbb-0000-4000-8000-000000000001',
  location_id: null,
  person_id: 'cccccccc-0000-4000-8000-000000000001',
  title: 'Botox consultation',
  description: null,
  location: null,
  start_time: '2026-11-25T15:00:00.000Z',
  end_time: '2026-11-25T15:30:00.000Z',
  status: 'cancelled',
  source: 'practicepilot',
  person_name: null,
  person_first_name: null,
  person_last_name: null,
  person_email: null,
  person_phone: null,
  person_age: null,
  person_location: null,
  person_title: null,
  person_organization: null,
  person_education: null,
};
const text = (appointments: unknown[], v: unknown = 1) =>
  JSON.stringify({ v, written_at: '2026-11-24T09:00:00.000Z', appointments });

describe('reading the seed’s appointments handoff', () => {
  it('reads a well-formed handoff back as it was written', () => {
    expect(parseSeedAppointmentsHandoff(text([appointment]))).toEqual({
      v: 1,
      written_at: '2026-11-24T09:00:00.000Z',
      appointments: [appointment],
    });
  });

  it.each([
    [{ appointment_id: 'not-a-uuid' }, 'appointment 0 of the handoff: appointment_id is not a UUID'],
    [{ location_id: 'Plano' }, 'appointment 0 of the handoff: location_id is neither a UUID nor null'],
    [
      { end_time: '2026-11-25T15:00:00.000Z' },
      'appointment 0 of the handoff: end_time is not after start_time',
    ],
    [{ start_time: 'tomorrow' }, 'appointment 0 of the handoff: start_time is not an ISO instant'],
    [{ status: 'no_show' }, 'appointment 0 of the handoff: status is not confirmed or cancelled'],
    [{ source: 'ghl' }, "appointment 0 of the handoff: source is not 'practicepilot'"],
    [{ person_age: 'old' }, 'appointment 0 of the handoff: person_age is not a whole number'],
  ])('refuses the whole handoff for a bad appointment (%j)', (change, message) => {
    expect(() => parseSeedAppointmentsHandoff(text([{ ...appointment, ...change }]))).toThrow(message);
  });

  it('refuses another version, or text that is not JSON', () => {
    expect(() => parseSeedAppointmentsHandoff(text([], 2))).toThrow(
      'the appointments handoff is not version 1',
    );
    expect(() => parseSeedAppointmentsHandoff('{')).toThrow('the appointments handoff is not JSON');
  });
});
