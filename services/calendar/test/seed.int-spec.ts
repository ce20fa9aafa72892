import {
  DemoTenants,
  parseSeedAppointmentsHandoff,
  SEED_APPOINTMENTS_HANDOFF_FILE,
  SeededAppointmentV1,
} from '@pp/contracts';
import { readSeedHandoff, writeSeedHandoff } from '@pp/platform';
import { isolatedTopics } from '@pp/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Appointment } from '../src/appointments/appointment.entity';
import { CalendarMessages } from '../src/appointments/calendar-rules';
import { seedAppointments } from '../src/database/seed-appointments';
import { Caller, CalendarHarness, startCalendar } from './calendar-harness';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * The calendar's demo seed against a real, migrated calendar (real PostgreSQL, Redis and Kafka): the appointments
 * people's seed handed over get their rows with the same ids, each demo practice gets read-only external ones, the
 * calendar's API shows them, and a second run changes nothing (docs/decisions/0024-seeded-appointments.md).
 */
describe('calendar demo seed', () => {
  let h: CalendarHarness;
  let staff: Caller;
  let other: Caller;
  const glow = DemoTenants.glowAestheticsId;
  const lakeview = DemoTenants.lakeviewPlasticSurgeryId;
  const dir = mkdtempSync(join(tmpdir(), 'pp-calendar-seed-'));
  // Midnight UTC a few days from now: the 16:00 UTC appointments below are 10:00 in Chicago.
  const day = (days: number, hourUtc: number) => {
    const date = new Date(Date.now() + days * DAY);
    date.setUTCHours(hourUtc, 0, 0, 0);
    return date.getTime();
  };

  /** A seeded lead's appointment as people's handoff carries it. */
  const handed = (
    id: string,
    practiceId: string,
    locationId: string | null,
    start: number,
    status: 'confirmed' | 'cancelled' = 'confirmed',
  ): SeededAppointmentV1 => ({
    appointment_id: id,
    practice_id: practiceId,
    location_id: locationId,
    person_id: id.replace(/^a/, 'b'),
    title: 'Botox consultation',
    description: 'Booked by Kim Alvarez',
    location: 'Glow Aesthetics - Plano',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 30 * MINUTE).toISOString(),
    status,
    source: 'practicepilot',
    person_name: 'Sofia Marquez',
    person_first_name: 'Sofia',
    person_last_name: 'Marquez',
    person_email: 'sofia.marquez@mail.example',
    person_phone: '+12145550131',
    person_age: 34,
    person_location: 'Dallas, TX',
    person_title: null,
    person_organization: null,
    person_education: [{ degree: 'BA', name: 'UT Austin' }],
  });
  const upcoming = handed(
    'a0000000-0000-4000-8000-000000000001',
    glow,
    DemoTenants.glowUptownLocationId,
    day(2, 16),
  );
  const past = handed(
    'a0000000-0000-4000-8000-000000000002',
    glow,
    DemoTenants.glowUptownLocationId,
    day(-6, 17),
  );
  const cancelled = handed(
    'a0000000-0000-4000-8000-000000000003',
    glow,
    DemoTenants.glowUptownLocationId,
    day(3, 18),
    'cancelled',
  );
  // A location the calendar has never heard of (not the practice's): its appointment gets no location.
  const nowhere = handed(
    'a0000000-0000-4000-8000-000000000004',
    glow,
    'e0000000-0000-4000-8000-000000000004',
    day(4, 16),
  );
  // Lakeview: at the read model's location when it knows it, else the gateway's demo one (the same id).
  const seattle = handed(
    'a0000000-0000-4000-8000-000000000005',
    lakeview,
    DemoTenants.lakeviewSouthLakeUnionLocationId,
    day(1, 19),
  );
  const handedOver = [upcoming, past, cancelled, nowhere, seattle];

  const rows = () => h.dataSource.getRepository(Appointment).find({ order: { appointment_id: 'ASC' } });
  /** The seed as its command runs it: the handoff read back from SEED_HANDOFF_DIR. */
  const seed = (now = Date.now()) => {
    const { text } = readSeedHandoff(SEED_APPOINTMENTS_HANDOFF_FILE, { SEED_HANDOFF_DIR: dir });
    return seedAppointments(h.dataSource, parseSeedAppointmentsHandoff(text ?? '').appointments, now);
  };

  beforeAll(async () => {
    h = await startCalendar('calendar_seed', isolatedTopics('calendar-seed'));
    staff = h.caller([glow], 'Dana Whitfield');
    other = h.caller([lakeview], 'Marcus Oyelaran');
    // The read model knows Glow's Uptown location as the gateway seeds it. Written straight into this test's own
    // database (never announced on the shared practice.changes topic, which other stacks read), dated so that no
    // earlier event from the topic's history replaces it.
    await h.dataSource.query(
      `INSERT INTO "calendar"."locations"
         ("location_id", "practice_id", "name", "timezone", "is_active", "is_primary", "changed_at")
       VALUES ($1, $2, 'Glow Aesthetics - Uptown Dallas', 'America/Chicago', true, true, '2100-01-01T00:00:00Z')
       ON CONFLICT ("location_id") DO UPDATE SET "name" = EXCLUDED."name", "timezone" = EXCLUDED."timezone",
         "is_active" = true, "is_primary" = true, "changed_at" = EXCLUDED."changed_at"`,
      [DemoTenants.glowUptownLocationId, glow],
    );
    writeSeedHandoff(
      SEED_APPOINTMENTS_HANDOFF_FILE,
      { v: 1, written_at: new Date().toISOString(), appointments: handedOver },
      { SEED_HANDOFF_DIR: dir },
    );
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every handed-over appointment its row, with the id its timeline carries and its latest state', async () => {
    const report = await seed();
    expect(report.leads).toBe(5);
    expect(report.external).toBeGreaterThanOrEqual(24);
    const byId = new Map((await rows()).map((row) => [row.appointment_id, row]));
    for (const appointment of handedOver) {
      expect(byId.get(appointment.appointment_id)).toMatchObject({
        practice_id: appointment.practice_id,
        person_id: appointment.person_id,
        start_time: new Date(appointment.start_time),
        end_time: new Date(appointment.end_time),
        status: appointment.status,
        source: 'practicepilot',
        is_editable: true,
        contact_id: null,
        person_name: 'Sofia Marquez',
      });
    }
    expect(byId.get(upcoming.appointment_id)?.location_id).toBe(DemoTenants.glowUptownLocationId);
    expect(byId.get(nowhere.appointment_id)?.location_id).toBeNull();
    expect(byId.get(seattle.appointment_id)?.location_id).toBe(DemoTenants.lakeviewSouthLakeUnionLocationId);
    // Nothing is announced on calendar.appointments: the timelines already tell these bookings.
    expect(await h.outbox(upcoming.appointment_id)).toEqual([]);
  });

  it('gives each demo practice GoHighLevel appointments, read-only without a lead, editable for a lead who came in', async () => {
    const all = await rows();
    for (const practiceId of [glow, DemoTenants.northsideDentalId, lakeview]) {
      const external = all.filter((row) => row.practice_id === practiceId && row.source === 'ghl');
      expect(external.length).toBeGreaterThanOrEqual(8);
      expect(external.every((row) => row.is_editable === (row.person_id !== null))).toBe(true);
      expect(external.some((row) => row.start_time.getTime() < Date.now())).toBe(true);
      expect(external.some((row) => row.start_time.getTime() > Date.now())).toBe(true);
      expect(external.some((row) => row.person_id === null && row.contact_id !== null)).toBe(true);
    }
    const glowLinked = all.filter((row) => row.source === 'ghl' && row.person_id !== null);
    expect(glowLinked.map((row) => [row.practice_id, row.person_id])).toEqual([[glow, past.person_id]]);
    expect(glowLinked[0].contact_id).toMatch(/^[A-Za-z0-9]{20}$/);
    // Glow's externals are at its locations (Uptown; Plano too when the read model or the demo fallback has it).
    const glowPlaces = new Set(
      all.filter((row) => row.practice_id === glow && row.source === 'ghl').map((r) => r.location_id),
    );
    expect(glowPlaces).toContain(DemoTenants.glowUptownLocationId);
    for (const place of glowPlaces)
      expect([DemoTenants.glowUptownLocationId, DemoTenants.glowPlanoLocationId]).toContain(place);
  });

  it('shows them on the calendar, this week with its times on the location’s clock; external ones cannot be moved', async () => {
    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const response = await h
      .http()
      .get(
        `/api/v1/calendar/appointments?${new URLSearchParams({ practice_id: glow, start_date: date(Date.now() - 7 * DAY), end_date: date(Date.now() + 7 * DAY) })}`,
      )
      .set(await staff.headers());
    expect(response.status).toBe(200);
    const shown = response.body.appointments as {
      appointment_id: string;
      source: string;
      is_editable: boolean;
      person_id: string | null;
      tz: string;
      location_name: string | null;
    }[];
    const ids = shown.map((a) => a.appointment_id);
    expect(ids).toEqual(
      expect.arrayContaining([
        upcoming.appointment_id,
        past.appointment_id,
        cancelled.appointment_id,
        nowhere.appointment_id,
      ]),
    );
    expect(shown.find((a) => a.appointment_id === upcoming.appointment_id)).toMatchObject({
      tz: 'America/Chicago',
      location_name: 'Glow Aesthetics - Uptown Dallas',
      is_editable: true,
    });
    const external = shown.filter((a) => a.source === 'ghl' && a.person_id === null);
    expect(external.length).toBeGreaterThan(0);
    const moved = await h
      .http()
      .put(`/api/v1/calendar/appointments/${external[0].appointment_id}?practice_id=${glow}`)
      .set(await staff.headers())
      .send({ new_start_time: new Date(day(5, 16)).toISOString(), confirm_outside_hours: true });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ detail: CalendarMessages.readOnly });
    // Another practice's staff do not see Glow's.
    const elsewhere = await h
      .http()
      .get(
        `/api/v1/calendar/appointments?${new URLSearchParams({ practice_id: lakeview, start_date: date(Date.now() - 7 * DAY), end_date: date(Date.now() + 7 * DAY) })}`,
      )
      .set(await other.headers());
    expect(elsewhere.status).toBe(200);
    expect(
      (elsewhere.body.appointments as { practice_id: string }[]).every((a) => a.practice_id === lakeview),
    ).toBe(true);
    expect(
      (elsewhere.body.appointments as { appointment_id: string }[]).map((a) => a.appointment_id),
    ).toContain(seattle.appointment_id);
  });

  it('changes nothing on a second run, even days later, and keeps what staff changed', async () => {
    await h.dataSource.query(
      `UPDATE "calendar"."appointments" SET "status" = 'cancelled' WHERE "appointment_id" = $1`,
      [upcoming.appointment_id],
    );
    const before = await rows();
    expect(await seed()).toEqual({ leads: 0, external: 0 });
    expect(await seed(Date.now() + 3 * DAY)).toEqual({ leads: 0, external: 0 });
    expect(await rows()).toEqual(before);
    expect(before.find((row) => row.appointment_id === upcoming.appointment_id)?.status).toBe('cancelled');
  });
});
