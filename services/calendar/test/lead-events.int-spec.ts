import { LeadEventV1, Topics } from '@pp/contracts';
import { eventually, leadPersonData, publishEvents } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { LEAD_SNAPSHOTS_CONSUMER } from '../src/appointments/lead-snapshots.service';
import { CalendarHarness, startCalendar } from './calendar-harness';

interface Contact {
  practice_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  phone_key: string | null;
  updated_at: Date;
}

/**
 * people.lead-events taken a fetched batch at a time (real Kafka; several events in one producer send arrive in
 * one fetch): the lead directory and the leads' appointments end on each lead's newest announcement, whatever
 * the batch repeats, and a batch delivered again changes nothing.
 */
describe('lead events into the lead directory and the appointments, a batch at a time', () => {
  let h: CalendarHarness;
  const glow = randomUUID();
  const other = randomUUID();

  beforeAll(async () => {
    h = await startCalendar('lead_events');
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  const announced = (
    practiceId: string,
    personId: string,
    type: LeadEventV1['type'],
    person: { first: string; last: string | null; email: string | null; phone: string | null },
  ): LeadEventV1 => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type,
    person_id: personId,
    person_data: leadPersonData({
      first_name: person.first,
      last_name: person.last,
      stage: 'New Lead',
      primary_email: person.email,
      primary_phone: person.phone,
    }),
  });

  const contact = async (personId: string): Promise<Contact | undefined> => {
    const [row]: Contact[] = await h.dataSource.query(
      `SELECT "practice_id", "first_name", "last_name", "email", "phone", "phone_key", "updated_at"
         FROM "calendar"."lead_contacts" WHERE "person_id" = $1`,
      [personId],
    );
    return row;
  };

  /** An appointment of the lead booked here earlier, with the lead as it was then. */
  const bookedFor = async (practiceId: string, personId: string): Promise<string> => {
    const appointmentId = randomUUID();
    await h.dataSource.query(
      `INSERT INTO "calendar"."appointments" ("appointment_id", "practice_id", "person_id", "title", "start_time",
         "end_time", "person_first_name", "person_last_name", "person_name", "person_email", "person_phone")
       VALUES ($1, $2, $3, 'Consultation', now() + interval '2 days', now() + interval '2 days 30 minutes',
         'Mia', 'Chen', 'Mia Chen', 'mia@example.com', '+12145550140')`,
      [appointmentId, practiceId, personId],
    );
    return appointmentId;
  };

  const appointment = async (appointmentId: string) => {
    const [row] = await h.dataSource.query(
      `SELECT "person_first_name", "person_last_name", "person_name", "person_email", "person_phone", "updated_at"
         FROM "calendar"."appointments" WHERE "appointment_id" = $1`,
      [appointmentId],
    );
    return row as Record<string, unknown>;
  };

  it("ends on each lead's newest announcement when one batch holds older, newer and repeated events", async () => {
    const mia = randomUUID();
    const leo = randomUUID();
    const booked = await bookedFor(glow, mia);
    const created = announced(glow, mia, 'lead_created', {
      first: 'Mia',
      last: 'Chen',
      email: 'Mia@Example.com',
      phone: '+12145550140',
    });
    const renamed = announced(glow, mia, 'lead_updated', {
      first: 'Mia',
      last: 'Chen-Park',
      email: 'Mia.Park@Example.com',
      phone: '(214) 555-0199',
    });
    const leoCreated = announced(glow, leo, 'lead_created', {
      first: 'Leo',
      last: null,
      email: null,
      phone: '+12145550150',
    });
    // Mia's creation is delivered again after her newer change (a producer's retry): it is applied once, first.
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [
      created,
      leoCreated,
      renamed,
      created,
    ]);

    const latest = await eventually(async () => {
      const row = await contact(mia);
      return row?.last_name === 'Chen-Park' && (await contact(leo)) ? row : undefined;
    }, 30_000);
    expect(latest).toMatchObject({
      practice_id: glow,
      first_name: 'Mia',
      last_name: 'Chen-Park',
      email: 'mia.park@example.com',
      phone: '(214) 555-0199',
      phone_key: '2145550199',
    });
    expect(await contact(leo)).toMatchObject({ first_name: 'Leo', last_name: null, phone_key: '2145550150' });
    expect(await appointment(booked)).toMatchObject({
      person_first_name: 'Mia',
      person_last_name: 'Chen-Park',
      person_name: 'Mia Chen-Park',
      person_email: 'Mia.Park@Example.com',
      person_phone: '(214) 555-0199',
    });
    const inbox: { count: string }[] = await h.dataSource.query(
      `SELECT count(*) FROM "calendar"."inbox" WHERE "consumer" = $1 AND "event_id" = ANY($2::uuid[])`,
      [LEAD_SNAPSHOTS_CONSUMER, [created.event_id, renamed.event_id, leoCreated.event_id]],
    );
    expect(Number(inbox[0].count)).toBe(3);
  });

  it('changes nothing when a batch is delivered again, and never touches another practice', async () => {
    const ava = randomUUID();
    const booked = await bookedFor(glow, ava);
    const created = announced(glow, ava, 'lead_created', {
      first: 'Ava',
      last: 'Stone',
      email: 'ava@example.com',
      phone: null,
    });
    const edited = announced(glow, ava, 'lead_updated', {
      first: 'Ava',
      last: 'Stone-Reyes',
      email: 'ava.reyes@example.com',
      phone: '+12145550160',
    });
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [created, edited]);
    const first = await eventually(async () => {
      const row = await contact(ava);
      return row?.last_name === 'Stone-Reyes' ? row : undefined;
    }, 30_000);
    const appointmentBefore = await appointment(booked);

    // The same batch again, then a marker: once the marker is in (glow's events share a partition, the practice
    // being the key), the batch before it was handled. And another practice claiming her id.
    const marker = randomUUID();
    const claim = announced(other, ava, 'lead_updated', {
      first: 'Not',
      last: 'Ava',
      email: 'not.ava@example.com',
      phone: null,
    });
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [created, edited]);
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [
      announced(glow, marker, 'lead_created', { first: 'Marker', last: null, email: null, phone: null }),
    ]);
    await publishEvents(h.service.config.KAFKA_BROKERS, Topics.leadEvents, [claim]);
    await eventually(async () => Boolean(await contact(marker)), 30_000);
    await eventually(async () => {
      const handled: unknown[] = await h.dataSource.query(
        `SELECT 1 FROM "calendar"."inbox" WHERE "consumer" = $1 AND "event_id" = $2`,
        [LEAD_SNAPSHOTS_CONSUMER, claim.event_id],
      );
      return handled.length === 1;
    }, 30_000);

    expect(await contact(ava)).toEqual(first);
    expect(await appointment(booked)).toEqual(appointmentBefore);
  });
});
