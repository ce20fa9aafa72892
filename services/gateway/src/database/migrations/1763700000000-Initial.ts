import { outboxInboxDownSql, outboxInboxUpSql } from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "gateway"."users" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "email" text NOT NULL UNIQUE CHECK ("email" = lower("email")),
      "password_hash" text NOT NULL,
      "first_name" text NOT NULL,
      "last_name" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE TABLE "gateway"."practices" (
      "practice_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "name" text NOT NULL,
      "website_url" text,
      "automation_level" text NOT NULL DEFAULT 'semi_auto'
        CHECK ("automation_level" IN ('manual', 'semi_auto', 'full_auto')),
      "outreach_preferences" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE TABLE "gateway"."memberships" (
      "user_id" uuid NOT NULL REFERENCES "gateway"."users" ("id") ON DELETE CASCADE,
      "practice_id" uuid NOT NULL REFERENCES "gateway"."practices" ("practice_id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("user_id", "practice_id")
    )`);
    await queryRunner.query(`CREATE TABLE "gateway"."locations" (
      "location_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL REFERENCES "gateway"."practices" ("practice_id") ON DELETE CASCADE,
      "name" text NOT NULL,
      "address" text NOT NULL,
      "timezone" text NOT NULL,
      "phone" text NOT NULL DEFAULT '',
      "is_primary" boolean NOT NULL DEFAULT false,
      "is_active" boolean NOT NULL DEFAULT true,
      "business_hours" jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX "locations_practice_idx" ON "gateway"."locations" ("practice_id")`);
    // At most one primary per practice, enforced by the database as well as by the service.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "locations_one_primary_idx" ON "gateway"."locations" ("practice_id") WHERE "is_primary"`,
    );
    await queryRunner.query(`CREATE TABLE "gateway"."virtual_numbers" (
      "virtual_number_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL REFERENCES "gateway"."practices" ("practice_id") ON DELETE CASCADE,
      "phone_number" text NOT NULL UNIQUE,
      "is_active" boolean NOT NULL DEFAULT true,
      "assignment_type" text NOT NULL DEFAULT 'practice_default',
      "capabilities" jsonb NOT NULL DEFAULT '{"voice":true,"sms":true}'::jsonb
    )`);
    await queryRunner.query(
      `CREATE INDEX "virtual_numbers_practice_idx" ON "gateway"."virtual_numbers" ("practice_id")`,
    );
    for (const sql of outboxInboxUpSql('gateway')) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDownSql('gateway')) await queryRunner.query(sql);
    for (const table of ['virtual_numbers', 'locations', 'memberships', 'practices', 'users']) {
      await queryRunner.query(`DROP TABLE "gateway"."${table}"`);
    }
  }
}
