import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Intake in two steps (docs/product/ai-engine.md#intake-forms-field-mapping-consent): the tracking.forms consumer
 * keeps the raw submission as `received` and an `intake` job takes it in. The partial index serves the
 * recovery sweep, which looks for submissions still `received` after the grace period.
 */
export class IntakeQueue1764090000000 implements MigrationInterface {
  name = 'IntakeQueue1764090000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."form_submissions"
      DROP CONSTRAINT "form_submissions_status_check",
      ADD CONSTRAINT "form_submissions_status_check"
        CHECK ("status" IN ('received', 'processed', 'filtered', 'no_contact'))`);
    await queryRunner.query(
      `CREATE INDEX "form_submissions_received_idx" ON "people"."form_submissions" ("created_at") WHERE "status" = 'received'`,
    );
  }

  /** Fails while a submission is still `received`: let the workers take them in first. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "people"."form_submissions_received_idx"`);
    await queryRunner.query(`ALTER TABLE "people"."form_submissions"
      DROP CONSTRAINT "form_submissions_status_check",
      ADD CONSTRAINT "form_submissions_status_check"
        CHECK ("status" IN ('processed', 'filtered', 'no_contact'))`);
  }
}
