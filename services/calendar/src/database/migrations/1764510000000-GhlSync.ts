import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two-way GoHighLevel sync (docs/decisions/0022-ghl-calendar-sync.md): each appointment keeps the provider's
 * event id (unique per practice), when the provider last changed it, and which of our changes was last pushed
 * (`synced_at` = the `updated_at` that went out; a row with `updated_at` later than it has a change to push).
 * Webhook ids already received are kept a while, so a replayed webhook is refused.
 */
export class GhlSync1764510000000 implements MigrationInterface {
  name = 'GhlSync1764510000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar"."appointments"
      ADD COLUMN "provider_event_id" text,
      ADD COLUMN "provider_updated_at" timestamptz,
      ADD COLUMN "synced_at" timestamptz`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "appointments_provider_event" ON "calendar"."appointments" ("practice_id", "provider_event_id") WHERE "provider_event_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "appointments_contact" ON "calendar"."appointments" ("practice_id", "contact_id") WHERE "contact_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE TABLE "calendar"."ghl_webhook_receipts" (
      "webhook_id" text PRIMARY KEY,
      "location_id" text NOT NULL,
      "received_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(
      `CREATE INDEX "ghl_webhook_receipts_received" ON "calendar"."ghl_webhook_receipts" ("received_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar"."ghl_webhook_receipts"`);
    await queryRunner.query(`DROP INDEX "calendar"."appointments_contact"`);
    await queryRunner.query(`DROP INDEX "calendar"."appointments_provider_event"`);
    await queryRunner.query(`ALTER TABLE "calendar"."appointments"
      DROP COLUMN "provider_event_id", DROP COLUMN "provider_updated_at", DROP COLUMN "synced_at"`);
  }
}
