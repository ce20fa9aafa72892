import type { SeedOverviewHandoffV1 } from '@pp/contracts';
import { DEFAULT_PRACTICE_TIMEZONE } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ensureZone, offerOf, rebuildRollups } from './overview-facts';
import { communicationKind, consultValue, minutesSaved } from './overview-rules';

export interface OverviewSeedReport {
  practices: number;
  leads: number;
  messages: number;
  consults: number;
}

/** The practice's clock from analytics' practice read model; the platform default before it knows the practice. */
async function zoneOf(manager: EntityManager, practiceId: string): Promise<string> {
  const [row]: { timezone: string }[] = await manager.query(
    `SELECT "timezone" FROM "analytics"."locations" WHERE "practice_id" = $1
      ORDER BY "is_primary" DESC, "name" ASC LIMIT 1`,
    [practiceId],
  );
  return row?.timezone ?? DEFAULT_PRACTICE_TIMEZONE;
}

/**
 * Fills the Overview's read models with the demo leads people's seed handed over (docs/decisions/0028-overview-metrics.md):
 * one transaction per practice, rows analytics already has (from a former run, or newer from Kafka) kept, then the
 * practice's rollups rebuilt. Idempotent. The days are on the clock analytics knows now; when the practice's
 * zone arrives later on practice.changes, the first event or read re-days them (ensureZone). The consults are
 * valued under the offer analytics has, and re-valued when knowledge's practice_offer arrives.
 */
export async function seedOverview(
  dataSource: DataSource,
  handoff: SeedOverviewHandoffV1,
): Promise<OverviewSeedReport> {
  const practiceIds = [
    ...new Set([...handoff.leads, ...handoff.messages, ...handoff.consults].map((row) => row.practice_id)),
  ].sort();
  const report: OverviewSeedReport = { practices: 0, leads: 0, messages: 0, consults: 0 };
  for (const practiceId of practiceIds) {
    await dataSource.transaction(async (manager) => {
      const zone = await zoneOf(manager, practiceId);
      await ensureZone(manager, practiceId, zone);
      const leads = handoff.leads.filter((row) => row.practice_id === practiceId);
      const messages = handoff.messages
        .filter((row) => row.practice_id === practiceId)
        .flatMap((row) => {
          const kind = communicationKind(row.type);
          return kind
            ? [{ ...row, direction: kind.direction, minutes_saved: minutesSaved(row.type, row.source) }]
            : [];
        });
      const offer = await offerOf(manager, practiceId);
      const consults = handoff.consults
        .filter((row) => row.practice_id === practiceId)
        .map((row) => ({ ...row, value: consultValue(row, offer) }));

      const added = async (sql: string, rows: unknown[]) =>
        rows.length === 0
          ? 0
          : ((await manager.query(sql, [JSON.stringify(rows), zone, practiceId])) as unknown[]).length;
      report.leads += await added(
        `INSERT INTO "analytics"."overview_leads"
           ("person_id", "practice_id", "created_at", "day", "name", "procedures", "lead_score")
         SELECT r."person_id", $3, r."created_at", (r."created_at" AT TIME ZONE $2)::date, r."name",
                ARRAY(SELECT jsonb_array_elements_text(r."procedures_of_interest")), r."lead_score"
           FROM jsonb_to_recordset($1::jsonb) AS r("person_id" uuid, "created_at" timestamptz, "name" text,
                "procedures_of_interest" jsonb, "lead_score" double precision)
         ON CONFLICT ("person_id") DO NOTHING
         RETURNING "person_id"`,
        leads,
      );
      report.messages += await added(
        `INSERT INTO "analytics"."overview_communications"
           ("event_id", "practice_id", "person_id", "type", "direction", "status", "occurred_at", "day", "source",
            "minutes_saved")
         SELECT r."event_id", $3, r."person_id", r."type", r."direction", r."status", r."timestamp",
                (r."timestamp" AT TIME ZONE $2)::date, r."source", r."minutes_saved"
           FROM jsonb_to_recordset($1::jsonb) AS r("event_id" text, "person_id" uuid, "type" text, "direction" text,
                "status" text, "timestamp" timestamptz, "source" text, "minutes_saved" integer)
         ON CONFLICT ("event_id") DO NOTHING
         RETURNING "event_id"`,
        messages,
      );
      report.consults += await added(
        `INSERT INTO "analytics"."overview_consults"
           ("appointment_id", "practice_id", "person_id", "location_id", "title", "description", "status",
            "booked_at", "day", "value")
         SELECT r."appointment_id", $3, r."person_id", r."location_id", r."title", r."description", r."status",
                r."booked_at", (r."booked_at" AT TIME ZONE $2)::date, r."value"
           FROM jsonb_to_recordset($1::jsonb) AS r("appointment_id" uuid, "person_id" uuid, "location_id" uuid,
                "title" text, "description" text, "status" text, "booked_at" timestamptz, "value" numeric)
         ON CONFLICT ("appointment_id") DO NOTHING
         RETURNING "appointment_id"`,
        consults,
      );
      await rebuildRollups(manager, practiceId);
      report.practices += 1;
    });
  }
  return report;
}
