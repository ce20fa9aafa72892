import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The AI engine's durable work (docs/product/ai-engine.md#understanding-deciding-acting): `engine_analyses`, one
 * row per inquiry to read (written in the intake's transaction, the outbox of the `analyze-lead` job), and
 * `engine_actions`, one row per planned message (the outbox of the delayed `run-action` job). Corrections and
 * pending decisions learn the situation they were made in, so a remembered correction shapes later drafts of the
 * same situation. The person columns of speed to lead are added here too when intake has not added them yet.
 */
export class EngineWork1764010000000 implements MigrationInterface {
  name = 'EngineWork1764010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."engine_analyses" (
      "analysis_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "job_id" text NOT NULL UNIQUE,
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL,
      "trigger_event_id" uuid,
      "channel" text NOT NULL,
      "received_at" timestamptz NOT NULL,
      "status" text NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'done', 'failed')),
      "attempts" integer NOT NULL DEFAULT 0,
      "error" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "finished_at" timestamptz
    )`);
    await queryRunner.query(
      `CREATE INDEX "engine_analyses_queued_idx" ON "people"."engine_analyses" ("created_at") WHERE "status" = 'queued'`,
    );
    await queryRunner.query(`CREATE TABLE "people"."engine_actions" (
      "action_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL,
      "kind" text NOT NULL CHECK ("kind" IN ('first_contact', 'reply', 'follow_up')),
      "channel" text NOT NULL CHECK ("channel" IN ('sms', 'email', 'phone')),
      "due_at" timestamptz NOT NULL,
      "status" text NOT NULL DEFAULT 'scheduled'
        CHECK ("status" IN ('scheduled', 'running', 'done', 'cancelled', 'superseded')),
      "reason" text NOT NULL,
      "follow_up_number" integer,
      "trigger_event_id" uuid,
      "plan" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "outcome" jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "finished_at" timestamptz
    )`);
    await queryRunner.query(
      `CREATE INDEX "engine_actions_person_idx" ON "people"."engine_actions" ("person_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "engine_actions_scheduled_idx" ON "people"."engine_actions" ("due_at") WHERE "status" = 'scheduled'`,
    );
    await queryRunner.query(`ALTER TABLE "people"."corrections"
      ADD COLUMN "situation_key" text, ADD COLUMN "context" jsonb`);
    await queryRunner.query(
      `CREATE INDEX "corrections_situation_idx" ON "people"."corrections" ("practice_id", "situation_key", "created_at" DESC)`,
    );
    await queryRunner.query(`ALTER TABLE "people"."pending_decisions"
      ADD COLUMN "situation_key" text, ADD COLUMN "context" jsonb`);
    await queryRunner.query(`ALTER TABLE "people"."persons"
      ADD COLUMN IF NOT EXISTS "first_inquiry_at" timestamptz,
      ADD COLUMN IF NOT EXISTS "speed_to_lead_seconds" double precision,
      ADD COLUMN IF NOT EXISTS "language" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "people"."pending_decisions" DROP COLUMN "context", DROP COLUMN "situation_key"`,
    );
    await queryRunner.query(`DROP INDEX "people"."corrections_situation_idx"`);
    await queryRunner.query(
      `ALTER TABLE "people"."corrections" DROP COLUMN "context", DROP COLUMN "situation_key"`,
    );
    await queryRunner.query(`DROP TABLE "people"."engine_actions"`);
    await queryRunner.query(`DROP TABLE "people"."engine_analyses"`);
  }
}
