import { practiceReadModelNumbersDownSql, practiceReadModelNumbersSql } from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Twilio SMS channel: the practices' virtual numbers (from practice.changes), the provider's message id of
 * each send (a status callback finds its send and event by it), and the inbound messages received, once per
 * provider id (Twilio retries a webhook it got no answer to).
 */
export class TwilioChannel1764070000000 implements MigrationInterface {
  name = 'TwilioChannel1764070000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of practiceReadModelNumbersSql('people')) await queryRunner.query(statement);
    await queryRunner.query(`ALTER TABLE "people"."outreach_sends" ADD COLUMN "provider_id" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "outreach_sends_provider_idx" ON "people"."outreach_sends" ("provider_id")
       WHERE "provider_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE "people"."inbound_messages" (
      "provider_id" text PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "person_id" uuid,
      "event_id" uuid,
      "received_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."inbound_messages"`);
    await queryRunner.query(`DROP INDEX "people"."outreach_sends_provider_idx"`);
    await queryRunner.query(`ALTER TABLE "people"."outreach_sends" DROP COLUMN "provider_id"`);
    for (const statement of practiceReadModelNumbersDownSql('people')) await queryRunner.query(statement);
  }
}
