import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar integrations (one active per practice), which external calendar serves which location, and the
 * single-use OAuth states of consents under way (docs/decisions/0021-calendar-integrations.md).
 */
export class CalendarIntegrations1764500000000 implements MigrationInterface {
  name = 'CalendarIntegrations1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "calendar"."calendar_integrations" (
      "calendar_integration_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "provider" text NOT NULL,
      "provider_tenant_id" text NOT NULL,
      "auth_method" text NOT NULL,
      "status" text NOT NULL,
      "last_sync_timestamp" timestamptz,
      "last_error" text,
      "access_token_sealed" text,
      "refresh_token_sealed" text,
      "access_token_expires_at" timestamptz,
      "scope" text,
      "connected_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "calendar_integrations_one_active" ON "calendar"."calendar_integrations" ("practice_id") WHERE "status" = 'active'`,
    );
    await queryRunner.query(`CREATE TABLE "calendar"."calendar_assignments" (
      "calendar_assignment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "calendar_integration_id" uuid NOT NULL REFERENCES "calendar"."calendar_integrations" ON DELETE CASCADE,
      "practice_id" uuid NOT NULL,
      "location_id" uuid,
      "external_calendar_id" text NOT NULL,
      "calendar_name" text,
      "calendar_description" text,
      "is_active" boolean NOT NULL DEFAULT true,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "calendar_assignments_per_location" ON "calendar"."calendar_assignments" ("calendar_integration_id", COALESCE("location_id", '00000000-0000-0000-0000-000000000000'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "calendar_assignments_practice" ON "calendar"."calendar_assignments" ("practice_id")`,
    );
    await queryRunner.query(`CREATE TABLE "calendar"."oauth_states" (
      "state_hash" text PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "user_id" text NOT NULL,
      "provider" text NOT NULL,
      "expires_at" timestamptz NOT NULL
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar"."oauth_states"`);
    await queryRunner.query(`DROP TABLE "calendar"."calendar_assignments"`);
    await queryRunner.query(`DROP TABLE "calendar"."calendar_integrations"`);
  }
}
