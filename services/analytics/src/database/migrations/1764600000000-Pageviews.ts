import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pageview pipeline (docs/decisions/0026-pageview-pipeline.md): pageviews from `tracking.pageviews` (one
 * row per envelope event id), the visitors' sessions (30 minutes of inactivity), timings that came before
 * their pageview, daily rollups per practice, day and source, the visitors counted per day and source, the
 * visitors linked to leads with the leads' names, and the recent lead events of `people.lead-events`.
 */
export class Pageviews1764600000000 implements MigrationInterface {
  name = 'Pageviews1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE "analytics"."pageviews" (
        "event_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "tracking_event_id" text NOT NULL,
        "visitor_id" text NOT NULL,
        "session_id" uuid NOT NULL,
        "client_session_id" text,
        "url" text NOT NULL,
        "path" text NOT NULL,
        "title" text,
        "referrer" text,
        "source" text NOT NULL,
        "utm" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "click_ids" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "country_code" text,
        "region" text,
        "city" text,
        "latitude" double precision,
        "longitude" double precision,
        "started_at" timestamptz NOT NULL,
        "received_at" timestamptz NOT NULL,
        "duration_seconds" integer,
        "last_seen_at" timestamptz NOT NULL,
        "left_at" timestamptz,
        "person_id" uuid
      )`,
      `CREATE INDEX "pageviews_practice_started_idx" ON "analytics"."pageviews" ("practice_id", "started_at" DESC)`,
      `CREATE INDEX "pageviews_visitor_idx" ON "analytics"."pageviews" ("practice_id", "visitor_id", "started_at" DESC)`,
      `CREATE INDEX "pageviews_person_idx" ON "analytics"."pageviews" ("person_id") WHERE "person_id" IS NOT NULL`,
      `CREATE TABLE "analytics"."sessions" (
        "session_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "visitor_id" text NOT NULL,
        "client_session_id" text,
        "source" text NOT NULL,
        "started_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL,
        "pageviews" integer NOT NULL DEFAULT 0,
        "person_id" uuid
      )`,
      `CREATE INDEX "sessions_visitor_idx" ON "analytics"."sessions" ("practice_id", "visitor_id", "last_seen_at" DESC)`,
      `CREATE INDEX "sessions_practice_started_idx" ON "analytics"."sessions" ("practice_id", "started_at" DESC)`,
      `CREATE TABLE "analytics"."page_timings" (
        "pageview_event_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "duration_seconds" integer,
        "last_seen_at" timestamptz NOT NULL,
        "left_at" timestamptz
      )`,
      `CREATE TABLE "analytics"."daily_rollups" (
        "practice_id" uuid NOT NULL,
        "day" date NOT NULL,
        "source" text NOT NULL,
        "pageviews" integer NOT NULL DEFAULT 0,
        "visitors" integer NOT NULL DEFAULT 0,
        "sessions" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("practice_id", "day", "source")
      )`,
      `CREATE TABLE "analytics"."visitor_days" (
        "practice_id" uuid NOT NULL,
        "day" date NOT NULL,
        "source" text NOT NULL,
        "visitor_id" text NOT NULL,
        PRIMARY KEY ("practice_id", "day", "source", "visitor_id")
      )`,
      `CREATE TABLE "analytics"."visitor_people" (
        "practice_id" uuid NOT NULL,
        "visitor_id" text NOT NULL,
        "person_id" uuid NOT NULL,
        "linked_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("practice_id", "visitor_id")
      )`,
      `CREATE TABLE "analytics"."lead_people" (
        "person_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "first_name" text,
        "last_name" text,
        "changed_at" timestamptz NOT NULL
      )`,
      `CREATE TABLE "analytics"."recent_lead_events" (
        "event_id" uuid PRIMARY KEY,
        "practice_id" uuid NOT NULL,
        "timestamp" timestamptz NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
        "message" jsonb NOT NULL
      )`,
      `CREATE INDEX "recent_lead_events_practice_idx" ON "analytics"."recent_lead_events" ("practice_id", "timestamp" DESC, "received_at" DESC)`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'recent_lead_events',
      'lead_people',
      'visitor_people',
      'visitor_days',
      'daily_rollups',
      'page_timings',
      'sessions',
      'pageviews',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS "analytics"."${table}"`);
    }
  }
}
