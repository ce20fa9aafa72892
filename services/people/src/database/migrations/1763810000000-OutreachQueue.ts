import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The send ledger doubles as the outreach queue's outbox: the API writes a 'queued' row with the job's
 * payload in the same transaction as the approve or action, so a job lost between commit and Redis (or a
 * Redis outage) is re-enqueued from here, and a rolled-back request never leaves one behind.
 */
export class OutreachQueue1763810000000 implements MigrationInterface {
  name = 'OutreachQueue1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."outreach_sends"
      ADD COLUMN "payload" jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN "claimed_at" timestamptz,
      ADD COLUMN "attempts" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX "outreach_sends_open_idx" ON "people"."outreach_sends" ("created_at") WHERE "status" IN ('queued', 'sending')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "people"."outreach_sends_open_idx"`);
    await queryRunner.query(`ALTER TABLE "people"."outreach_sends"
      DROP COLUMN "attempts", DROP COLUMN "claimed_at", DROP COLUMN "payload"`);
  }
}
