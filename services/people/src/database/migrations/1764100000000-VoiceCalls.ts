import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Twilio voice (docs/decisions/0017-twilio-voice.md): one row per call, inbound or placed by the AI, claimed by its
 * CallSid (an outbound call's row exists before Twilio names it, keyed by the send's idempotency key). It keeps the
 * conversation's turns (each answer stored, so a retried webhook gets the same TwiML) and the timeline events the
 * call wrote.
 */
export class VoiceCalls1764100000000 implements MigrationInterface {
  name = 'VoiceCalls1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."calls" (
      "call_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "call_sid" text UNIQUE,
      "idempotency_key" text UNIQUE,
      "practice_id" uuid NOT NULL,
      "person_id" uuid,
      "direction" text NOT NULL CHECK ("direction" IN ('inbound', 'outbound')),
      "from_number" text NOT NULL,
      "to_number" text NOT NULL,
      "script" text,
      "turns" jsonb NOT NULL DEFAULT '[]'::jsonb,
      "answers" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "handed_over" boolean NOT NULL DEFAULT false,
      "dial_status" text,
      "recording_url" text,
      "event_id" uuid,
      "completed_event_id" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX "calls_person_idx" ON "people"."calls" ("person_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."calls"`);
  }
}
