import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Index name → the 2-character prefix key of one searched field. The search queries repeat these expressions
 * word for word (src/persons/search/search-sql.ts), or PostgreSQL would not use the indexes.
 */
const SEARCH_PREFIX_KEYS: [string, string][] = [
  ['persons_first_name_prefix_idx', `left(lower("first_name"), 2)`],
  ['persons_last_name_prefix_idx', `left(lower("last_name"), 2)`],
  ['persons_email_prefix_idx', `left(lower("primary_email"), 2)`],
  ['persons_phone_prefix_idx', `left(right(regexp_replace("primary_phone", '\\D', '', 'g'), 10), 2)`],
];

/**
 * The leads workspace: timeline events, pending AI decisions, remembered corrections, the outreach send
 * ledger, and the indexes that keep lists, filters and search fast at a million leads per practice.
 */
export class LeadsWorkspace1763800000000 implements MigrationInterface {
  name = 'LeadsWorkspace1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);

    // Search over name, email and phone digits (one lower-cased text, trigram-indexed).
    await queryRunner.query(`ALTER TABLE "people"."persons" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
      lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("primary_email", '')
        || ' ' || regexp_replace(coalesce("primary_phone", ''), '\\D', '', 'g'))
    ) STORED`);
    await queryRunner.query(
      `CREATE INDEX "persons_search_trgm_idx" ON "people"."persons" USING gin ("search_text" public.gin_trgm_ops)`,
    );
    // A finer sample of search_text, so the planner can tell a common term (walk the recency index below and
    // stop at the 5th match) from a rare one (trigram bitmap, then sort the few matches).
    await queryRunner.query(`ALTER TABLE "people"."persons" ALTER COLUMN "search_text" SET STATISTICS 1000`);
    // Search results in recency order, read straight off the index.
    await queryRunner.query(
      `CREATE INDEX "persons_practice_activity_idx" ON "people"."persons" ("practice_id", "last_activity_at" DESC NULLS LAST, "person_id" DESC)`,
    );
    // Two-character searches have no trigram: an exact 2-character prefix key per field, already in recency
    // order, makes each one a short range scan however many leads a practice has.
    for (const [name, expression] of SEARCH_PREFIX_KEYS) {
      await queryRunner.query(
        `CREATE INDEX "${name}" ON "people"."persons" ("practice_id", (${expression}), "last_activity_at" DESC NULLS LAST, "person_id" DESC)`,
      );
    }
    // Keyset pages per stage and for the review filter.
    await queryRunner.query(
      `CREATE INDEX "persons_practice_stage_created_idx" ON "people"."persons" ("practice_id", "stage", "created_at" DESC, "person_id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "persons_practice_review_created_idx" ON "people"."persons" ("practice_id", "created_at" DESC, "person_id" DESC) WHERE "pending_review_type" IS NOT NULL`,
    );

    await queryRunner.query(`CREATE TABLE "people"."events" (
      "event_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL REFERENCES "people"."persons" ("person_id") ON DELETE CASCADE,
      "event_type" text NOT NULL,
      "timestamp" timestamptz NOT NULL DEFAULT now(),
      "session_id" text,
      "source_identifier" text,
      "content_data" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "event_metadata" jsonb NOT NULL DEFAULT '{}'::jsonb
    )`);
    await queryRunner.query(
      `CREATE INDEX "events_person_timestamp_idx" ON "people"."events" ("person_id", "timestamp" DESC, "event_id" DESC)`,
    );

    await queryRunner.query(`CREATE TABLE "people"."pending_decisions" (
      "decision_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL REFERENCES "people"."persons" ("person_id") ON DELETE CASCADE,
      "event_id" uuid REFERENCES "people"."events" ("event_id") ON DELETE SET NULL,
      "action_type" text NOT NULL,
      "channel" text NOT NULL,
      "message" text,
      "subject" text,
      "reasoning" text,
      "status" text NOT NULL DEFAULT 'pending',
      "final_message" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "resolved_at" timestamptz,
      "resolved_by" uuid,
      "resolved_by_name" text
    )`);
    // At most one open decision per lead: a second approve finds nothing to approve.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "pending_decisions_open_idx" ON "people"."pending_decisions" ("person_id") WHERE "resolved_at" IS NULL`,
    );

    await queryRunner.query(`CREATE TABLE "people"."corrections" (
      "correction_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "person_id" uuid REFERENCES "people"."persons" ("person_id") ON DELETE SET NULL,
      "decision_id" uuid REFERENCES "people"."pending_decisions" ("decision_id") ON DELETE SET NULL,
      "action_type" text NOT NULL,
      "channel" text NOT NULL,
      "original_message" text,
      "corrected_message" text NOT NULL,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE INDEX "corrections_practice_action_idx" ON "people"."corrections" ("practice_id", "action_type", "created_at" DESC)`,
    );

    // The send ledger: one row per idempotency key, claimed before anything is sent.
    await queryRunner.query(`CREATE TABLE "people"."outreach_sends" (
      "idempotency_key" text PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL REFERENCES "people"."persons" ("person_id") ON DELETE CASCADE,
      "channel" text NOT NULL,
      "status" text NOT NULL DEFAULT 'sending',
      "event_id" uuid,
      "error" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "sent_at" timestamptz
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."outreach_sends"`);
    await queryRunner.query(`DROP TABLE "people"."corrections"`);
    await queryRunner.query(`DROP TABLE "people"."pending_decisions"`);
    await queryRunner.query(`DROP TABLE "people"."events"`);
    for (const [name] of SEARCH_PREFIX_KEYS) await queryRunner.query(`DROP INDEX "people"."${name}"`);
    await queryRunner.query(`DROP INDEX "people"."persons_practice_activity_idx"`);
    await queryRunner.query(`DROP INDEX "people"."persons_practice_review_created_idx"`);
    await queryRunner.query(`DROP INDEX "people"."persons_practice_stage_created_idx"`);
    await queryRunner.query(`DROP INDEX "people"."persons_search_trgm_idx"`);
    await queryRunner.query(`ALTER TABLE "people"."persons" DROP COLUMN "search_text"`);
  }
}
