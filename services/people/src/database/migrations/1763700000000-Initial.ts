import { outboxInboxDownSql, outboxInboxUpSql } from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."persons" (
      "person_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "first_name" text,
      "last_name" text,
      "primary_phone" text,
      "primary_email" text,
      "stage" text NOT NULL DEFAULT 'Lead',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "last_activity_at" timestamptz,
      "is_unseen" boolean NOT NULL DEFAULT true,
      "last_seen_at" timestamptz,
      "pending_review_type" text,
      "current_outreach_state" jsonb NOT NULL DEFAULT '{"control_mode":"ai"}'::jsonb,
      "next_scheduled_action" timestamptz,
      "enrichment_data" jsonb,
      "behavioral_insights" jsonb
    )`);
    await queryRunner.query(
      `CREATE INDEX "persons_practice_created_idx" ON "people"."persons" ("practice_id", "created_at" DESC, "person_id" DESC)`,
    );
    for (const sql of outboxInboxUpSql('people')) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDownSql('people')) await queryRunner.query(sql);
    await queryRunner.query(`DROP TABLE "people"."persons"`);
  }
}
