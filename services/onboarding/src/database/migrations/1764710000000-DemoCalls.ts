import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The voice demo (docs/product/onboarding.md#voice-demo): the one number a demo session calls, and every call
 * placed (for the limits per session, per number and per day, and Twilio's callbacks), deleted with the session.
 */
export class DemoCalls1764710000000 implements MigrationInterface {
  name = 'DemoCalls1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "onboarding"."demo_sessions" ADD COLUMN "demo_phone" text`);
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_calls" (
      "call_id" uuid PRIMARY KEY,
      "demo_session_id" uuid NOT NULL REFERENCES "onboarding"."demo_sessions" ("demo_session_id") ON DELETE CASCADE,
      "phone" text NOT NULL,
      "call_sid" text,
      "status" text NOT NULL,
      "turns" int NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE INDEX "demo_calls_phone_idx" ON "onboarding"."demo_calls" ("phone", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "demo_calls_created_idx" ON "onboarding"."demo_calls" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "onboarding"."demo_calls"`);
    await queryRunner.query(`ALTER TABLE "onboarding"."demo_sessions" DROP COLUMN "demo_phone"`);
  }
}
