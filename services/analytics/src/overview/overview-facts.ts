import type { EntityManager } from 'typeorm';
import { DatedCommunicationFact, DatedLeadFact, foldCommunications, foldLeadFacts } from './overview-folds';
import { communicationKind, consultValue, localDay, minutesSaved, ValueOffer } from './overview-rules';

/** A lead's own seeded or streamed facts, as the overview keeps them (also the seed's input). */
export interface OverviewLeadFact {
  practice_id: string;
  person_id: string;
  created_at: Date | null;
  name: string | null;
  procedures: string[] | null;
  lead_score: number | null;
}

export interface OverviewCommunicationFact {
  event_id: string;
  practice_id: string;
  person_id: string | null;
  type: string;
  occurred_at: Date;
  status: string | null;
  source: string | null;
}

export interface OverviewConsultFact {
  appointment_id: string;
  practice_id: string;
  person_id: string | null;
  location_id: string | null;
  title: string;
  description: string | null;
  status: string;
  /** Set when it was booked (appointment_scheduled); null keeps the known one. */
  booked_at: Date | null;
}

/** A day whose rollup a write changed, with the practice whose rollup it is. */
export interface TouchedDay {
  practice_id: string;
  day: string;
}

/**
 * Upserts a batch's leads (their facts in the batch's order, each dated on its practice's clock) with one read and
 * one write: folded to one row per lead first (foldLeadFacts), then merged into the stored row by the same rules as
 * one at a time — a null creation time, procedure list or score keeps the stored one, and a row is only ever
 * changed by its own practice. The days whose rollup they changed: each fact's day and the day its lead had.
 */
export async function upsertLeads(
  manager: EntityManager,
  facts: readonly DatedLeadFact[],
): Promise<TouchedDay[]> {
  if (facts.length === 0) return [];
  const stored: { person_id: string; practice_id: string; day: string | null }[] = await manager.query(
    `SELECT "person_id", "practice_id", to_char("day", 'YYYY-MM-DD') AS "day"
       FROM "analytics"."overview_leads" WHERE "person_id" = ANY($1::uuid[])`,
    [[...new Set(facts.map((fact) => fact.person_id.toLowerCase()))]],
  );
  const storedOf = new Map(stored.map((row) => [row.person_id, row]));
  const leads = foldLeadFacts(facts, new Map(stored.map((row) => [row.person_id, row.practice_id])));
  // "procedures": null in the batch keeps the stored list, which EXCLUDED (the inserted '{}') cannot tell.
  await manager.query(
    `WITH "batch" AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS b("person_id" uuid, "practice_id" uuid,
         "created_at" timestamptz, "day" date, "name" text, "procedures" text[], "lead_score" double precision)
     )
     INSERT INTO "analytics"."overview_leads"
       ("person_id", "practice_id", "created_at", "day", "name", "procedures", "lead_score", "updated_at")
     SELECT "person_id", "practice_id", "created_at", "day", "name", COALESCE("procedures", '{}'), "lead_score",
            now()
       FROM "batch"
     ON CONFLICT ("person_id") DO UPDATE SET
       "created_at" = COALESCE(EXCLUDED."created_at", "overview_leads"."created_at"),
       "day" = COALESCE(EXCLUDED."day", "overview_leads"."day"),
       "name" = EXCLUDED."name",
       "procedures" = COALESCE(
         (SELECT b."procedures" FROM "batch" b WHERE b."person_id" = EXCLUDED."person_id"),
         "overview_leads"."procedures"),
       "lead_score" = COALESCE(EXCLUDED."lead_score", "overview_leads"."lead_score"),
       "updated_at" = now()
     WHERE "overview_leads"."practice_id" = EXCLUDED."practice_id"`,
    [JSON.stringify(leads)],
  );
  return facts.flatMap((fact) =>
    [storedOf.get(fact.person_id.toLowerCase())?.day, fact.day]
      .filter((day): day is string => !!day)
      .map((day) => ({ practice_id: fact.practice_id, day })),
  );
}

/**
 * Upserts a batch's communication events with one write, folded to one row per event first
 * (foldCommunications): a later announcement of one brings its new status. The days touched: each one's day.
 */
export async function upsertCommunications(
  manager: EntityManager,
  facts: readonly DatedCommunicationFact[],
): Promise<TouchedDay[]> {
  const known = facts.filter((fact) => communicationKind(fact.type));
  if (known.length === 0) return [];
  await manager.query(
    `INSERT INTO "analytics"."overview_communications"
       ("event_id", "practice_id", "person_id", "type", "direction", "status", "occurred_at", "day", "source",
        "minutes_saved")
     SELECT "event_id", "practice_id", "person_id", "type", "direction", "status", "occurred_at", "day", "source",
            "minutes_saved"
       FROM jsonb_to_recordset($1::jsonb) AS b("event_id" text, "practice_id" uuid, "person_id" uuid, "type" text,
         "direction" text, "status" text, "occurred_at" timestamptz, "day" date, "source" text,
         "minutes_saved" integer)
     ON CONFLICT ("event_id") DO UPDATE SET
       "status" = COALESCE(EXCLUDED."status", "overview_communications"."status")
     WHERE "overview_communications"."practice_id" = EXCLUDED."practice_id"`,
    [
      JSON.stringify(
        foldCommunications(known).map((fact) => ({
          ...fact,
          direction: communicationKind(fact.type)!.direction,
          minutes_saved: minutesSaved(fact.type, fact.source),
        })),
      ),
    ],
  );
  return known.map((fact) => ({ practice_id: fact.practice_id, day: fact.day }));
}

/** Upserts a consult with its value under the current offer; the days touched. */
export async function upsertConsult(
  manager: EntityManager,
  consult: OverviewConsultFact,
  zone: string,
  offer: ValueOffer | null,
): Promise<string[]> {
  const [before]: { day: string | null }[] = await manager.query(
    `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics"."overview_consults"
      WHERE "appointment_id" = $1`,
    [consult.appointment_id],
  );
  const day = consult.booked_at ? localDay(consult.booked_at, zone) : null;
  await manager.query(
    `INSERT INTO "analytics"."overview_consults"
       ("appointment_id", "practice_id", "person_id", "location_id", "title", "description", "status",
        "booked_at", "day", "value")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT ("appointment_id") DO UPDATE SET
       "person_id" = EXCLUDED."person_id", "location_id" = EXCLUDED."location_id", "title" = EXCLUDED."title",
       "description" = EXCLUDED."description", "status" = EXCLUDED."status",
       "booked_at" = COALESCE(EXCLUDED."booked_at", "overview_consults"."booked_at"),
       "day" = COALESCE(EXCLUDED."day", "overview_consults"."day"),
       "value" = EXCLUDED."value"
     WHERE "overview_consults"."practice_id" = EXCLUDED."practice_id"`,
    [
      consult.appointment_id,
      consult.practice_id,
      consult.person_id,
      consult.location_id,
      consult.title,
      consult.description,
      consult.status,
      consult.booked_at,
      day,
      consultValue(consult, offer),
    ],
  );
  return [before?.day, day].filter((value): value is string => !!value);
}

/** Re-values every consult of the practice under its current offer, and refreshes their days. */
export async function revalue(manager: EntityManager, practiceId: string): Promise<void> {
  const offer = await offerOf(manager, practiceId);
  const consults: (Pick<OverviewConsultFact, 'location_id' | 'title' | 'description'> & {
    appointment_id: string;
    day: string | null;
  })[] = await manager.query(
    `SELECT "appointment_id", "location_id", "title", "description", to_char("day", 'YYYY-MM-DD') AS "day"
       FROM "analytics"."overview_consults" WHERE "practice_id" = $1`,
    [practiceId],
  );
  if (consults.length === 0) return;
  await manager.query(
    `UPDATE "analytics"."overview_consults" AS c SET "value" = v."value"
       FROM unnest($2::uuid[], $3::numeric[]) AS v("appointment_id", "value")
      WHERE c."practice_id" = $1 AND c."appointment_id" = v."appointment_id"`,
    [
      practiceId,
      consults.map((consult) => consult.appointment_id),
      consults.map((consult) => consultValue(consult, offer)),
    ],
  );
  await refreshDays(
    manager,
    practiceId,
    consults.map((consult) => consult.day).filter((day): day is string => !!day),
  );
}

/** The practice's current offer, or null before knowledge has published one. */
export async function offerOf(manager: EntityManager, practiceId: string): Promise<ValueOffer | null> {
  const [row]: ValueOffer[] = await manager.query(
    `SELECT "procedures", "consultation_fees" FROM "analytics"."overview_offers" WHERE "practice_id" = $1`,
    [practiceId],
  );
  return row ?? null;
}

/**
 * Recomputes the rollup rows of a practice's days from the facts: new leads (by creation day), booked consults
 * that are not cancelled and their value (by booking day), automated actions and the minutes they saved.
 */
export async function refreshDays(
  manager: EntityManager,
  practiceId: string,
  days: readonly string[],
): Promise<void> {
  const unique = [...new Set(days)];
  if (unique.length === 0) return;
  await manager.query(
    `INSERT INTO "analytics"."overview_daily"
       ("practice_id", "day", "leads", "consults", "value", "automated_actions", "minutes_saved")
     SELECT $1, d."day",
       (SELECT count(*) FROM "analytics"."overview_leads" l WHERE l."practice_id" = $1 AND l."day" = d."day"),
       c."consults", c."value", m."actions", m."minutes"
       FROM unnest($2::date[]) AS d("day")
       CROSS JOIN LATERAL (
         SELECT count(*) AS "consults", COALESCE(sum("value"), 0) AS "value"
           FROM "analytics"."overview_consults"
          WHERE "practice_id" = $1 AND "day" = d."day" AND "status" <> 'cancelled') AS c
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE "minutes_saved" > 0) AS "actions",
                COALESCE(sum("minutes_saved"), 0) AS "minutes"
           FROM "analytics"."overview_communications"
          WHERE "practice_id" = $1 AND "day" = d."day") AS m
     ON CONFLICT ("practice_id", "day") DO UPDATE SET
       "leads" = EXCLUDED."leads", "consults" = EXCLUDED."consults", "value" = EXCLUDED."value",
       "automated_actions" = EXCLUDED."automated_actions", "minutes_saved" = EXCLUDED."minutes_saved"`,
    [practiceId, unique],
  );
}

/**
 * Makes the practice's stored days follow its clock: when its time zone is not the one its days were computed in
 * (the primary location moved zone, or the seed ran before analytics knew the practice), every fact's day is
 * recomputed on the new clock and the rollups rebuilt. Takes the practice's zone row lock; call it in the
 * transaction that writes the practice's facts, before them.
 */
export async function ensureZone(manager: EntityManager, practiceId: string, zone: string): Promise<void> {
  const [row]: { timezone: string }[] = await manager.query(
    `SELECT "timezone" FROM "analytics"."overview_zones" WHERE "practice_id" = $1 FOR UPDATE`,
    [practiceId],
  );
  if (!row) {
    await manager.query(
      `INSERT INTO "analytics"."overview_zones" ("practice_id", "timezone") VALUES ($1, $2)
       ON CONFLICT ("practice_id") DO NOTHING`,
      [practiceId, zone],
    );
    // A practice's first fact: nothing was computed on another clock (unless a concurrent writer won the
    // insert, which then used the same zone from the same read model).
    return;
  }
  if (row.timezone === zone) return;
  await manager.query(`UPDATE "analytics"."overview_zones" SET "timezone" = $2 WHERE "practice_id" = $1`, [
    practiceId,
    zone,
  ]);
  await manager.query(
    `UPDATE "analytics"."overview_leads" SET "day" = ("created_at" AT TIME ZONE $2)::date
      WHERE "practice_id" = $1 AND "created_at" IS NOT NULL`,
    [practiceId, zone],
  );
  await manager.query(
    `UPDATE "analytics"."overview_communications" SET "day" = ("occurred_at" AT TIME ZONE $2)::date
      WHERE "practice_id" = $1`,
    [practiceId, zone],
  );
  await manager.query(
    `UPDATE "analytics"."overview_consults" SET "day" = ("booked_at" AT TIME ZONE $2)::date
      WHERE "practice_id" = $1 AND "booked_at" IS NOT NULL`,
    [practiceId, zone],
  );
  await rebuildRollups(manager, practiceId);
}

/** Rebuilds every rollup row of the practice from its facts. */
export async function rebuildRollups(manager: EntityManager, practiceId: string): Promise<void> {
  await manager.query(`DELETE FROM "analytics"."overview_daily" WHERE "practice_id" = $1`, [practiceId]);
  const days: { day: string }[] = await manager.query(
    `SELECT DISTINCT to_char("day", 'YYYY-MM-DD') AS "day" FROM (
       SELECT "day" FROM "analytics"."overview_leads" WHERE "practice_id" = $1 AND "day" IS NOT NULL
       UNION SELECT "day" FROM "analytics"."overview_communications" WHERE "practice_id" = $1
       UNION SELECT "day" FROM "analytics"."overview_consults" WHERE "practice_id" = $1 AND "day" IS NOT NULL
     ) AS d`,
    [practiceId],
  );
  await refreshDays(
    manager,
    practiceId,
    days.map((row) => row.day),
  );
}

/** The zone the practice's stored days are on, or null before its first fact. */
export async function storedZone(manager: EntityManager, practiceId: string): Promise<string | null> {
  const [row]: { timezone: string }[] = await manager.query(
    `SELECT "timezone" FROM "analytics"."overview_zones" WHERE "practice_id" = $1`,
    [practiceId],
  );
  return row?.timezone ?? null;
}
