import { MigrationInterface, QueryRunner } from 'typeorm';

/** Appointments booked from the console (and later synced from providers), with the lead's snapshot. */
export class Appointments1763900000000 implements MigrationInterface {
  name = 'Appointments1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "calendar"."appointments" (
      "appointment_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "practice_id" uuid NOT NULL,
      "location_id" uuid,
      "calendar_id" text,
      "person_id" uuid,
      "title" text NOT NULL,
      "description" text,
      "location" text,
      "start_time" timestamptz NOT NULL,
      "end_time" timestamptz NOT NULL,
      "status" text NOT NULL DEFAULT 'confirmed',
      "is_editable" boolean NOT NULL DEFAULT true,
      "source" text NOT NULL DEFAULT 'practicepilot',
      "contact_id" text,
      "person_name" text,
      "person_first_name" text,
      "person_last_name" text,
      "person_email" text,
      "person_phone" text,
      "person_avatar" text,
      "person_age" integer,
      "person_location" text,
      "person_title" text,
      "person_organization" text,
      "person_education" jsonb,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "appointments_end_after_start" CHECK ("end_time" > "start_time")
    )`);
    // The calendar reads a practice's appointments by date range; a lead's by person.
    await queryRunner.query(
      `CREATE INDEX "appointments_practice_start_idx" ON "calendar"."appointments" ("practice_id", "start_time")`,
    );
    await queryRunner.query(
      `CREATE INDEX "appointments_person_idx" ON "calendar"."appointments" ("person_id") WHERE "person_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar"."appointments"`);
  }
}
