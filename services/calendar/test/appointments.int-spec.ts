import { CreateAppointmentRequest } from '@pp/contracts';
import { createTestDatabase, eventually, ServiceProcess, startBuiltService, TestDatabase } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Caller, CalendarHarness, startCalendar, testCaller } from './calendar-harness';

interface Lead {
  person_id: string;
  practice_id: string;
  first_name: string;
  last_name: string;
  primary_phone: string;
  primary_email: string;
}

/** The next whole half hour at least `hoursAhead` hours from now, and 30 minutes after it. */
function slot(hoursAhead = 48): { start_time: string; end_time: string } {
  const start = new Date(Date.now() + hoursAhead * 3_600_000);
  start.setUTCMinutes(start.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
  return { start_time: start.toISOString(), end_time: new Date(start.getTime() + 30 * 60_000).toISOString() };
}

describe('booking appointments (calendar + a people process, real Kafka)', () => {
  let h: CalendarHarness;
  let people: ServiceProcess;
  let peopleDb: TestDatabase;
  const glow = randomUUID();
  const northside = randomUUID();
  const uptownLocation = randomUUID();
  const northsideLocation = randomUUID();
  let staff: Caller;
  let sofia: Lead;
  let daniel: Lead;

  /** A lead created in people the way the console would (people assigns its id). */
  async function createLead(practiceId: string, first: string, last: string, phone: string): Promise<Lead> {
    const response = await fetch(`${people.url}/api/v1/people/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await testCaller([practiceId]).headers()) },
      body: JSON.stringify({
        practice_id: practiceId,
        first_name: first,
        last_name: last,
        primary_phone: phone,
        primary_email: `${first}.${last}@mail.example`.toLowerCase(),
        stage: 'Active Conversation',
      }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Lead;
  }

  /** Reads people's own database (its schema, its test database): what staff would see on the lead. */
  async function peopleQuery<T>(sql: string, params: unknown[]): Promise<T[]> {
    const client = new Client({ connectionString: peopleDb.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    // A real people process from its build (services never import each other), then the calendar asking it.
    peopleDb = await createTestDatabase('appointments_people');
    people = await startBuiltService('people', { DATABASE_URL: peopleDb.url });
    h = await startCalendar('appointments', { PEOPLE_URL: people.url });
    staff = h.caller([glow, northside], 'Dana Reyes');
    sofia = await createLead(glow, 'Sofia', 'Marquez', '2145550131');
    daniel = await createLead(northside, 'Daniel', 'Kowalski', '3125550162');
    // The gateway announces locations on practice.changes; the calendar keeps them in its read model.
    await h.publishLocation('location_created', glow, uptownLocation);
    await h.publishLocation('location_created', northside, northsideLocation);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
    await people?.stop();
    await peopleDb?.drop();
  });

  const book = async (
    caller: Caller,
    query: Record<string, string>,
    body: Partial<CreateAppointmentRequest> | Record<string, unknown>,
  ) => {
    const response = await h
      .http()
      .post(`/api/v1/calendar/appointments?${new URLSearchParams(query)}`)
      .set(await caller.headers())
      .send(body);
    return { status: response.status, body: response.body };
  };
  const consultation = (lead: Lead, times = slot()) => ({
    person_id: lead.person_id,
    title: 'Botox consultation',
    description: 'First visit, interested in forehead lines',
    location: 'Uptown Clinic',
    ...times,
  });

  it('books a 30-minute appointment with the lead snapshot, and the lead moves to Scheduled over Kafka', async () => {
    const times = slot();
    const response = await book(
      staff,
      { practice_id: glow, location_id: uptownLocation },
      consultation(sofia, times),
    );

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      appointment_id: expect.any(String),
      practice_id: glow,
      location_id: uptownLocation,
      person_id: sofia.person_id,
      title: 'Botox consultation',
      start_time: times.start_time,
      end_time: times.end_time,
      status: 'confirmed',
      is_editable: true,
      source: 'practicepilot',
      person_name: 'Sofia Marquez',
      person_first_name: 'Sofia',
      person_last_name: 'Marquez',
      person_phone: '+12145550131',
      person_email: 'sofia.marquez@mail.example',
      created_by: staff.identity.userId,
    });
    const appointmentId = response.body.appointment_id as string;

    const events = await h.outbox(appointmentId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      v: 1,
      type: 'appointment_scheduled',
      practice_id: glow,
      appointment: {
        appointment_id: appointmentId,
        person_id: sofia.person_id,
        start_time: times.start_time,
      },
    });

    const [scheduled] = await eventually(async () => {
      const rows = await peopleQuery<{ content_data: Record<string, unknown>; source_identifier: string }>(
        `SELECT "content_data", "source_identifier" FROM "people"."events"
         WHERE "person_id" = $1 AND "event_type" = 'appointment_scheduled'`,
        [sofia.person_id],
      );
      return rows.length > 0 ? rows : undefined;
    }, 20_000);
    expect(scheduled.source_identifier).toBe(appointmentId);
    expect(scheduled.content_data).toMatchObject({
      start_time: times.start_time,
      end_time: times.end_time,
      title: 'Botox consultation',
      location: 'Uptown Clinic',
    });
    const [lead] = await peopleQuery<{ stage: string }>(
      `SELECT "stage" FROM "people"."persons" WHERE "person_id" = $1`,
      [sofia.person_id],
    );
    expect(lead.stage).toBe('Scheduled');
  });

  it('a reschedule reaches the lead: appointment_rescheduled with where it moved from, the lead stays Scheduled', async () => {
    const times = slot(120);
    const booked = await book(
      staff,
      { practice_id: glow, location_id: uptownLocation },
      consultation(sofia, times),
    );
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.appointment_id as string;
    const newStart = new Date(new Date(times.start_time).getTime() + 24 * 3_600_000).toISOString();
    const newEnd = new Date(new Date(times.end_time).getTime() + 24 * 3_600_000).toISOString();

    const moved = await h
      .http()
      .put(`/api/v1/calendar/appointments/${appointmentId}?practice_id=${glow}`)
      .set(await staff.headers())
      // The slot is computed from now: it may fall outside the clinic's hours, which staff confirm.
      .send({ new_start_time: newStart, confirm_outside_hours: true });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      success: true,
      appointment: { appointment_id: appointmentId, start_time: newStart, end_time: newEnd },
    });

    const [rescheduled] = await eventually(async () => {
      const rows = await peopleQuery<{ content_data: Record<string, unknown> }>(
        `SELECT "content_data" FROM "people"."events"
         WHERE "person_id" = $1 AND "event_type" = 'appointment_rescheduled' AND "source_identifier" = $2`,
        [sofia.person_id, appointmentId],
      );
      return rows.length > 0 ? rows : undefined;
    }, 20_000);
    expect(rescheduled.content_data).toMatchObject({
      start_time: newStart,
      end_time: newEnd,
      from_start_time: times.start_time,
      from_end_time: times.end_time,
      // The timeline shows the times on the location's clock, as the calendar does.
      location_id: uptownLocation,
      tz: 'America/Chicago',
    });
    const [lead] = await peopleQuery<{ stage: string }>(
      `SELECT "stage" FROM "people"."persons" WHERE "person_id" = $1`,
      [sofia.person_id],
    );
    expect(lead.stage).toBe('Scheduled');
  });

  it("keeps the lead's name, email and phone current on its appointments when staff edit the lead in people", async () => {
    const booked = await book(
      staff,
      { practice_id: glow, location_id: uptownLocation },
      consultation(sofia, slot(144)),
    );
    expect(booked.status).toBe(201);
    const edited = await fetch(`${people.url}/api/v1/people/${sofia.person_id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...(await testCaller([glow]).headers()) },
      body: JSON.stringify({ last_name: 'Marquez-Lopez', primary_email: 'sofia.ml@mail.example' }),
    });
    expect(edited.status).toBe(200);

    // Every appointment of hers, through people.lead-events (real Kafka); none of anyone else's.
    await eventually(async () => {
      const rows: { person_name: string; person_email: string; person_last_name: string }[] =
        await h.dataSource.query(
          `SELECT "person_name", "person_email", "person_last_name" FROM "calendar"."appointments"
           WHERE "person_id" = $1`,
          [sofia.person_id],
        );
      return rows.length > 1 && rows.every((row) => row.person_name === 'Sofia Marquez-Lopez')
        ? rows
        : undefined;
    }, 30_000);
    const [row] = await h.dataSource.query(
      `SELECT "person_email", "person_last_name", "person_phone" FROM "calendar"."appointments"
       WHERE "appointment_id" = $1`,
      [booked.body.appointment_id],
    );
    expect(row).toEqual({
      person_email: 'sofia.ml@mail.example',
      person_last_name: 'Marquez-Lopez',
      person_phone: '+12145550131',
    });
  });

  it('refuses any length but 30 minutes, an end before the start, a start in the past and bad times', async () => {
    const { start_time } = slot();
    const hourLater = new Date(new Date(start_time).getTime() + 60 * 60_000).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ start_time, end_time: hourLater }, 'Appointments are 30 minutes long'],
      [{ start_time: hourLater, end_time: start_time }, 'The end time must be after the start time'],
      [slot(-24), 'The appointment cannot start in the past'],
      [
        { start_time: '2030-03-11T15:00:00', end_time: '2030-03-11T15:30:00' },
        'start_time and end_time must be ISO 8601 date-times with a time zone',
      ],
      [
        { start_time: 'next tuesday', end_time: 'later' },
        'start_time and end_time must be ISO 8601 date-times with a time zone',
      ],
    ];
    for (const [times, detail] of cases) {
      expect(await book(staff, { practice_id: glow }, { ...consultation(sofia), ...times })).toEqual({
        status: 422,
        body: { detail },
      });
    }
  });

  it('validates the payload with clear messages', async () => {
    expect(await book(staff, { practice_id: glow }, { ...consultation(sofia), title: '   ' })).toEqual({
      status: 422,
      body: { detail: 'Please enter a title' },
    });
    const withoutPerson: Record<string, unknown> = { ...consultation(sofia) };
    delete withoutPerson.person_id;
    expect(await book(staff, { practice_id: glow }, withoutPerson)).toEqual({
      status: 422,
      body: { detail: 'person_id is required' },
    });
    expect(await book(staff, {}, consultation(sofia))).toEqual({
      status: 422,
      body: { detail: 'practice_id is required' },
    });
    expect(await book(staff, { practice_id: glow, location_id: 'uptown' }, consultation(sofia))).toEqual({
      status: 422,
      body: { detail: 'location_id must be a UUID' },
    });
  });

  it('answers 404 for a practice the caller does not belong to', async () => {
    const outsider = h.caller([randomUUID()]);
    expect(await book(outsider, { practice_id: glow }, consultation(sofia))).toEqual({
      status: 404,
      body: { detail: 'Practice not found' },
    });
  });

  it("answers 404 'Person not found' for another practice's lead, or one that does not exist, and books nothing", async () => {
    const glowOnly = h.caller([glow]);
    // A lead of a practice the caller cannot see.
    expect(await book(glowOnly, { practice_id: glow }, consultation(daniel))).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
    // A lead the caller can see, but of another practice than the one booked into.
    expect(await book(staff, { practice_id: glow }, consultation(daniel))).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
    expect(
      await book(staff, { practice_id: glow }, { ...consultation(sofia), person_id: randomUUID() }),
    ).toEqual({
      status: 404,
      body: { detail: 'Person not found' },
    });
    const [{ count }] = await h.dataSource.query(
      `SELECT count(*)::int AS count FROM "calendar"."appointments" WHERE "person_id" = $1`,
      [daniel.person_id],
    );
    expect(count).toBe(0);
  });

  it("answers 404 'Location not found' for another practice's location, or one never announced, and books nothing", async () => {
    const count = async () =>
      (
        await h.dataSource.query(
          `SELECT count(*)::int AS count FROM "calendar"."appointments" WHERE "person_id" = $1`,
          [sofia.person_id],
        )
      )[0].count as number;
    const before = await count();
    // A location the caller can see, but of their other practice.
    expect(
      await book(staff, { practice_id: glow, location_id: northsideLocation }, consultation(sofia)),
    ).toEqual({ status: 404, body: { detail: 'Location not found' } });
    expect(await book(staff, { practice_id: glow, location_id: randomUUID() }, consultation(sofia))).toEqual({
      status: 404,
      body: { detail: 'Location not found' },
    });
    expect(await count()).toBe(before);
  });

  it('follows practice.changes: a deleted location can no longer be booked', async () => {
    const annex = randomUUID();
    await h.publishLocation('location_created', glow, annex);
    expect(
      (await book(staff, { practice_id: glow, location_id: annex }, consultation(sofia, slot(72)))).status,
    ).toBe(201);
    await h.publishLocation('location_deleted', glow, annex);
    expect(
      await book(staff, { practice_id: glow, location_id: annex }, consultation(sofia, slot(96))),
    ).toEqual({ status: 404, body: { detail: 'Location not found' } });
  });

  it('refuses impossible dates instead of rolling them over', async () => {
    for (const [start_time, end_time] of [
      ['2032-02-30T10:00Z', '2032-02-30T10:30Z'],
      ['2032-03-01T23:30Z', '2032-03-01T24:00Z'],
    ]) {
      expect(
        await book(staff, { practice_id: glow }, { ...consultation(sofia), start_time, end_time }),
      ).toEqual({
        status: 422,
        body: { detail: 'start_time and end_time must be ISO 8601 date-times with a time zone' },
      });
    }
  });

  it('answers 401 without the identity the gateway adds', async () => {
    const response = await h
      .http()
      .post(`/api/v1/calendar/appointments?practice_id=${glow}`)
      .send(consultation(sofia));
    expect(response.status).toBe(401);
  });
});
