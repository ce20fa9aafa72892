import { AppointmentEventV1 } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import { In } from 'typeorm';
import { APPOINTMENT_EVENT_TYPES } from '../src/appointments/appointment-timeline';
import { AppointmentsService } from '../src/appointments/appointments.service';
import { Person } from '../src/persons/person.entity';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { PeopleHarness, startPeople } from './people-harness';

describe('calendar.appointments on the lead timeline (real PostgreSQL)', () => {
  let h: PeopleHarness;
  let appointments: AppointmentsService;
  const practice = randomUUID();

  beforeAll(async () => {
    h = await startPeople('appointments');
    appointments = h.service.app.get(AppointmentsService);
  });
  afterAll(() => h.stop());

  const event = (
    person: Person,
    type: AppointmentEventV1['type'],
    overrides: Partial<AppointmentEventV1> = {},
  ): AppointmentEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: person.practice_id,
    occurred_at: new Date().toISOString(),
    type,
    appointment: {
      appointment_id: 'a5b1c7de-0000-4000-8000-000000000001',
      practice_id: person.practice_id,
      location_id: null,
      person_id: person.person_id,
      calendar_id: null,
      title: 'Invisalign consultation',
      description: null,
      location: 'Northside Dental, Suite 200',
      start_time: '2030-06-04T15:00:00.000Z',
      end_time: '2030-06-04T15:30:00.000Z',
      status: type === 'appointment_cancelled' ? 'cancelled' : 'confirmed',
      source: 'practicepilot',
    },
    previous: null,
    ...overrides,
  });
  // The appointment events (the engine adds its reminder plan beside them: engine-reminders.int-spec.ts).
  const timeline = (personId: string) =>
    h.dataSource.getRepository(TimelineEvent).find({
      where: { person_id: personId, event_type: In([...APPOINTMENT_EVENT_TYPES]) },
      order: { timestamp: 'ASC' },
    });
  const stage = async (personId: string) =>
    (await h.dataSource.getRepository(Person).findOneByOrFail({ person_id: personId })).stage;

  it('records a booking once, however often Kafka delivers it, and moves the lead to Scheduled', async () => {
    const person = await h.leads.person(practice, { stage: 'Active Conversation' });
    const booked = event(person, 'appointment_scheduled');
    expect(await appointments.apply(booked)).toBe(true);
    expect(await appointments.apply(booked)).toBe(false);

    const events = await timeline(person.person_id);
    expect(events.map((e) => e.event_type)).toEqual(['appointment_scheduled']);
    expect(events[0].content_data).toMatchObject({
      start_time: '2030-06-04T15:00:00.000Z',
      end_time: '2030-06-04T15:30:00.000Z',
      title: 'Invisalign consultation',
      location: 'Northside Dental, Suite 200',
    });
    expect(await stage(person.person_id)).toBe('Scheduled');
    // Once each: the booking, and the engine's reminder plan (a scheduled_action event).
    expect((await h.outbox(person.person_id)).map((b) => b.type)).toEqual(['lead_updated', 'lead_updated']);
  });

  it('records a reschedule with where it moved from, and a cancellation with its times', async () => {
    const person = await h.leads.person(practice, { stage: 'Scheduled' });
    await appointments.apply(
      event(person, 'appointment_rescheduled', {
        previous: { start_time: '2030-06-03T15:00:00.000Z', end_time: '2030-06-03T15:30:00.000Z' },
      }),
    );
    expect(await stage(person.person_id)).toBe('Scheduled');
    await appointments.apply(event(person, 'appointment_cancelled'));

    const [rescheduled, cancelled] = await timeline(person.person_id);
    expect(rescheduled.content_data).toMatchObject({
      start_time: '2030-06-04T15:00:00.000Z',
      from_start_time: '2030-06-03T15:00:00.000Z',
      from_end_time: '2030-06-03T15:30:00.000Z',
    });
    expect(cancelled.event_type).toBe('appointment_cancelled');
    expect(cancelled.content_data).toMatchObject({
      cancelled_start_time: '2030-06-04T15:00:00.000Z',
      cancelled_end_time: '2030-06-04T15:30:00.000Z',
    });
    expect(await stage(person.person_id)).toBe('No Show / Cancelled');
  });

  it('leaves a lead past the consultation in its stage', async () => {
    const person = await h.leads.person(practice, { stage: 'Booked Procedure' });
    await appointments.apply(event(person, 'appointment_scheduled'));
    expect(await stage(person.person_id)).toBe('Booked Procedure');
    expect(await timeline(person.person_id)).toHaveLength(1);
  });

  it("never touches a lead of another practice than the event's", async () => {
    const person = await h.leads.person(practice, { stage: 'Active Conversation' });
    await appointments.apply(event(person, 'appointment_scheduled', { practice_id: randomUUID() }));
    expect(await timeline(person.person_id)).toEqual([]);
    expect(await stage(person.person_id)).toBe('Active Conversation');
  });
});
