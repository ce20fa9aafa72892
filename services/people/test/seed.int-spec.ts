import {
  DemoTenants,
  parseSeedAppointmentsHandoff,
  parseSeedOverviewHandoff,
  SEED_APPOINTMENTS_HANDOFF_FILE,
  SEED_OVERVIEW_HANDOFF_FILE,
} from '@pp/contracts';
import { readSeedHandoff } from '@pp/platform';
import { isolatedTopics } from '@pp/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPeople, seedPeopleReport } from '../seed/seed';
import { PeopleHarness, startPeople } from './people-harness';

/** The demo seed against a real, migrated people schema: what `npm run seed` and the browser stack run. */
describe('people demo seed', () => {
  let h: PeopleHarness;
  // The handoff to calendar's seed goes to a directory of this test's own.
  const env = { SEED_HANDOFF_DIR: mkdtempSync(join(tmpdir(), 'pp-people-seed-')) };
  const handoff = () =>
    parseSeedAppointmentsHandoff(readSeedHandoff(SEED_APPOINTMENTS_HANDOFF_FILE, env).text ?? '');
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await h.dataSource.query(sql, params))[0].count);

  beforeAll(async () => {
    h = await startPeople('seed', isolatedTopics('people-seed'));
  });
  afterAll(async () => {
    await h.stop();
    rmSync(env.SEED_HANDOFF_DIR, { recursive: true, force: true });
  });

  it('adds several hundred leads per demo practice with their timelines and open decisions', async () => {
    const report = await seedPeopleReport(h.dataSource, Date.now(), env);
    expect(report.practices['Glow Aesthetics'].persons).toBe(400);
    expect(report.practices['Northside Dental'].persons).toBe(300);
    expect(report.practices['Lakeview Plastic Surgery'].persons).toBe(150);
    const perPractice = await h.dataSource.query(
      `SELECT "practice_id", count(*)::int AS "count" FROM "people"."persons" GROUP BY 1`,
    );
    expect(perPractice).toHaveLength(3);
    expect(await count(`SELECT count(*) FROM "people"."events"`)).toBeGreaterThan(850 * 3);
    // Every open decision is shown by its pending_review event, which carries the same decision.
    const linked = await count(
      `SELECT count(*) FROM "people"."pending_decisions" d
         JOIN "people"."events" e ON e."event_id" = d."event_id" AND e."person_id" = d."person_id"
        WHERE d."status" = 'pending' AND d."resolved_at" IS NULL AND e."event_type" = 'pending_review'
          AND e."content_data"->'original_decision'->>'decision_id' = d."decision_id"::text
          AND e."content_data"->'resolved_at' = 'null'::jsonb`,
    );
    expect(linked).toBe(await count(`SELECT count(*) FROM "people"."pending_decisions"`));
    expect(linked).toBe(
      await count(`SELECT count(*) FROM "people"."persons" WHERE "pending_review_type" = 'approval'`),
    );
  });

  it('keeps last_activity_at on the newest event and stores some insights as JSON text', async () => {
    const stale = await count(
      `SELECT count(*) FROM "people"."persons" p
        WHERE p."last_activity_at" <> (SELECT max(e."timestamp") FROM "people"."events" e WHERE e."person_id" = p."person_id")
           OR p."created_at" <> (SELECT min(e."timestamp") FROM "people"."events" e WHERE e."person_id" = p."person_id")`,
    );
    expect(stale).toBe(0);
    const text = await count(
      `SELECT count(*) FROM "people"."persons" WHERE jsonb_typeof("behavioral_insights") = 'string'`,
    );
    expect(text).toBeGreaterThan(0);
  });

  it('makes the seeded leads findable by name, email and phone digits', async () => {
    const found = await h.dataSource.query(
      `SELECT "first_name" FROM "people"."persons"
        WHERE "practice_id" = $1 AND "search_text" LIKE '%marquez%' AND "search_text" LIKE '%2145550131%'`,
      [DemoTenants.glowAestheticsId],
    );
    expect(found).toEqual(expect.arrayContaining([{ first_name: 'Sofia' }]));
  });

  it('adds nothing on a second run and keeps what staff changed', async () => {
    const glow = DemoTenants.glowAestheticsId;
    await h.dataSource.query(
      `UPDATE "people"."persons" SET "stage" = 'Scheduled' WHERE "practice_id" = $1 AND "primary_email" = $2`,
      [glow, 'sofia.marquez@mail.example'],
    );
    const events = await count(`SELECT count(*) FROM "people"."events"`);
    const handedOver = handoff().appointments;
    expect(await seedPeople(h.dataSource, Date.now(), env)).toBe(0);
    expect(await count(`SELECT count(*) FROM "people"."events"`)).toBe(events);
    expect(await count(`SELECT count(*) FROM "people"."persons"`)).toBe(850);
    const [row] = await h.dataSource.query(
      `SELECT "stage" FROM "people"."persons" WHERE "primary_email" = $1`,
      ['sofia.marquez@mail.example'],
    );
    expect(row.stage).toBe('Scheduled');
    // The handoff is read from the timelines, so a later run hands over the same appointments.
    expect(handoff().appointments).toEqual(handedOver);
  });

  it('hands calendar’s seed every booking on the timelines, with the timeline’s appointment id', async () => {
    const { appointments } = handoff();
    const booked: { id: string; practice_id: string }[] = await h.dataSource.query(
      `SELECT DISTINCT "content_data"->>'appointment_id' AS "id", "practice_id"
         FROM "people"."events" WHERE "event_type" = 'appointment_scheduled'`,
    );
    expect(appointments.map((a) => a.appointment_id).sort()).toEqual(booked.map((b) => b.id).sort());
    for (const practice of [
      DemoTenants.glowAestheticsId,
      DemoTenants.northsideDentalId,
      DemoTenants.lakeviewPlasticSurgeryId,
    ]) {
      const own = appointments.filter((a) => a.practice_id === practice);
      expect(own.some((a) => Date.parse(a.start_time) > Date.now())).toBe(true);
      expect(own.some((a) => Date.parse(a.start_time) < Date.now())).toBe(true);
    }
    // Cancelled on the timeline, cancelled in the handoff.
    const cancelled = await count(
      `SELECT count(*) FROM "people"."events" WHERE "event_type" = 'appointment_cancelled'`,
    );
    expect(appointments.filter((a) => a.status === 'cancelled')).toHaveLength(cancelled);
  });

  it("hands analytics' seed every lead, its communication events and its booked consults", async () => {
    const overview = parseSeedOverviewHandoff(readSeedHandoff(SEED_OVERVIEW_HANDOFF_FILE, env).text ?? '');
    expect(overview.leads).toHaveLength(await count(`SELECT count(*) FROM "people"."persons"`));
    expect(overview.leads.filter((lead) => lead.procedures_of_interest.length > 0).length).toBeGreaterThan(0);
    expect(overview.leads.filter((lead) => lead.lead_score !== null).length).toBeGreaterThan(0);
    expect(overview.messages).toHaveLength(
      await count(
        `SELECT count(*) FROM "people"."events" WHERE "event_type" IN
           ('sms_sent', 'sms_received', 'email_sent', 'email_received', 'phone_call_sent', 'phone_call_received',
            'phone_call_completed')`,
      ),
    );
    // What the AI sent on its own, and what staff sent.
    expect(overview.messages.some((m) => m.type === 'sms_sent' && m.source === 'ai_decision')).toBe(true);
    expect(overview.messages.some((m) => m.source === 'human_action')).toBe(true);
    expect(overview.consults.map((c) => c.appointment_id).sort()).toEqual(
      handoff()
        .appointments.map((a) => a.appointment_id)
        .sort(),
    );
  });
});
