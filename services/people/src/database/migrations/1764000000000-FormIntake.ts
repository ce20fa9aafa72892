import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Website forms become leads: every raw submission (`form_submissions`, one per practice and tracking event),
 * the fields seen on a practice's forms with a few examples (`form_fields`), how staff map them
 * (`form_field_mappings`), the consent a form gave (`consents`), the person's inquiry columns, and the
 * lookups of the intake's dedupe (phone, then email, within the practice).
 */
export class FormIntake1764000000000 implements MigrationInterface {
  name = 'FormIntake1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."persons"
      ADD COLUMN "first_inquiry_at" timestamptz,
      ADD COLUMN "speed_to_lead_seconds" double precision,
      ADD COLUMN "language" text`);
    await queryRunner.query(
      `CREATE INDEX "persons_practice_phone_idx" ON "people"."persons" ("practice_id", "primary_phone") WHERE "primary_phone" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "persons_practice_email_idx" ON "people"."persons" ("practice_id", "primary_email") WHERE "primary_email" IS NOT NULL`,
    );

    await queryRunner.query(`CREATE TABLE "people"."form_submissions" (
      "submission_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "tracking_event_id" text NOT NULL,
      "visitor_id" text,
      "session_id" text,
      "url" text,
      "title" text,
      "referrer" text,
      "fields" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "ip" text,
      "user_agent" text,
      "submitted_at" timestamptz NOT NULL,
      "received_at" timestamptz NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('processed', 'filtered', 'no_contact')),
      "person_id" uuid,
      "event_id" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "form_submissions_tracking_key" UNIQUE ("practice_id", "tracking_event_id")
    )`);
    await queryRunner.query(
      `CREATE INDEX "form_submissions_practice_idx" ON "people"."form_submissions" ("practice_id", "received_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "form_submissions_person_idx" ON "people"."form_submissions" ("person_id") WHERE "person_id" IS NOT NULL`,
    );

    await queryRunner.query(`CREATE TABLE "people"."form_fields" (
      "practice_id" uuid NOT NULL,
      "name" text NOT NULL,
      "examples" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "first_seen_at" timestamptz NOT NULL DEFAULT now(),
      "last_seen_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("practice_id", "name")
    )`);

    await queryRunner.query(`CREATE TABLE "people"."form_field_mappings" (
      "practice_id" uuid NOT NULL,
      "field_name" text NOT NULL,
      "target" text NOT NULL CHECK ("target" IN ('first_name', 'last_name', 'full_name', 'email', 'phone',
        'location_preference', 'procedure_interest', 'provider_preference', 'message', 'preferred_contact_method',
        'preferred_day', 'preferred_time', 'additional_info', 'ignore')),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("practice_id", "field_name")
    )`);

    await queryRunner.query(`CREATE TABLE "people"."consents" (
      "consent_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "person_id" uuid NOT NULL REFERENCES "people"."persons" ("person_id") ON DELETE CASCADE,
      "submission_id" uuid REFERENCES "people"."form_submissions" ("submission_id") ON DELETE SET NULL,
      "channel" text NOT NULL CHECK ("channel" IN ('sms', 'phone', 'email')),
      "source" text NOT NULL,
      "page_url" text,
      "consent_text" text NOT NULL,
      "given_at" timestamptz NOT NULL,
      "ip" text,
      "user_agent" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "consents_submission_channel_key" UNIQUE ("submission_id", "channel")
    )`);
    await queryRunner.query(
      `CREATE INDEX "consents_person_idx" ON "people"."consents" ("person_id", "channel", "given_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."consents"`);
    await queryRunner.query(`DROP TABLE "people"."form_field_mappings"`);
    await queryRunner.query(`DROP TABLE "people"."form_fields"`);
    await queryRunner.query(`DROP TABLE "people"."form_submissions"`);
    await queryRunner.query(`DROP INDEX "people"."persons_practice_email_idx"`);
    await queryRunner.query(`DROP INDEX "people"."persons_practice_phone_idx"`);
    await queryRunner.query(`ALTER TABLE "people"."persons"
      DROP COLUMN "language", DROP COLUMN "speed_to_lead_seconds", DROP COLUMN "first_inquiry_at"`);
  }
}
