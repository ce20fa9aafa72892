import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The practice's leads as people.lead-events announce them (docs/decisions/0022-ghl-calendar-sync.md): name, e-mail
 * and phone, so a GoHighLevel booking made by one of our leads is recognised even when the lead never had an
 * appointment here. `phone_key` is the phone's last ten digits, as the sync compares them.
 */
export class LeadDirectory1764520000000 implements MigrationInterface {
  name = 'LeadDirectory1764520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "calendar"."lead_contacts" (
      "person_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "first_name" text,
      "last_name" text,
      "email" text,
      "phone" text,
      "phone_key" text,
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE INDEX "lead_contacts_email" ON "calendar"."lead_contacts" ("practice_id", "email") WHERE "email" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_contacts_phone" ON "calendar"."lead_contacts" ("practice_id", "phone_key") WHERE "phone_key" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar"."lead_contacts"`);
  }
}
