import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Overview's read models (docs/decisions/0028-overview-metrics.md): leads, their communication events and the
 * booked consults from people.lead-events and calendar.appointments, the practice offer from knowledge.changes,
 * and one rollup row per practice and day (on the practice's clock) that the metrics and the chart read.
 */
export class OverviewReadModels1764700000000 implements MigrationInterface {
  name = 'OverviewReadModels1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_leads" (
        "person_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "created_at" timestamptz,
        "day" date,
        "name" text,
        "procedures" text[] NOT NULL DEFAULT '{}',
        "lead_score" double precision,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "overview_leads_practice_day_idx" ON "analytics"."overview_leads" ("practice_id", "day")`,
    );
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_communications" (
        "event_id" text PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "person_id" uuid,
        "type" text NOT NULL,
        "direction" text NOT NULL,
        "status" text,
        "occurred_at" timestamptz NOT NULL,
        "day" date NOT NULL,
        "source" text,
        "minutes_saved" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(
      `CREATE INDEX "overview_communications_practice_time_idx"
         ON "analytics"."overview_communications" ("practice_id", "occurred_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "overview_communications_practice_day_idx"
         ON "analytics"."overview_communications" ("practice_id", "day")`,
    );
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_consults" (
        "appointment_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "person_id" uuid,
        "location_id" uuid,
        "title" text NOT NULL,
        "description" text,
        "status" text NOT NULL,
        "booked_at" timestamptz,
        "day" date,
        "value" numeric(14, 2) NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(
      `CREATE INDEX "overview_consults_practice_day_idx" ON "analytics"."overview_consults" ("practice_id", "day")`,
    );
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_offers" (
        "practice_id" uuid PRIMARY KEY,
        "procedures" jsonb NOT NULL,
        "consultation_fees" jsonb NOT NULL,
        "occurred_at" timestamptz NOT NULL
      )`);
    // The zone each practice's stored days are on (a change of zone re-days its facts).
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_zones" (
        "practice_id" uuid PRIMARY KEY,
        "timezone" text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "analytics"."overview_daily" (
        "practice_id" uuid NOT NULL,
        "day" date NOT NULL,
        "leads" integer NOT NULL DEFAULT 0,
        "consults" integer NOT NULL DEFAULT 0,
        "value" numeric(14, 2) NOT NULL DEFAULT 0,
        "automated_actions" integer NOT NULL DEFAULT 0,
        "minutes_saved" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("practice_id", "day")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'overview_daily',
      'overview_zones',
      'overview_offers',
      'overview_consults',
      'overview_communications',
      'overview_leads',
    ])
      await queryRunner.query(`DROP TABLE IF EXISTS "analytics"."${table}"`);
  }
}
