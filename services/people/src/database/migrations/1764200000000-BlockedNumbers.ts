import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A practice's block list of phone numbers (docs/decisions/0043-number-block-list.md): one row per practice and
 * E.164 number, with the note staff wrote and who added it.
 */
export class BlockedNumbers1764200000000 implements MigrationInterface {
  name = 'BlockedNumbers1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "people"."blocked_numbers" (
         "blocked_number_id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         "practice_id" uuid NOT NULL,
         "phone_number" text NOT NULL CHECK ("phone_number" ~ '^\\+[1-9][0-9]{6,14}$'),
         "note" text CHECK (length("note") <= 500),
         "added_by_user_id" uuid NOT NULL,
         "added_by_name" text CHECK (length("added_by_name") <= 320),
         "created_at" timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT "blocked_numbers_practice_phone_key" UNIQUE ("practice_id", "phone_number")
       )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."blocked_numbers"`);
  }
}
