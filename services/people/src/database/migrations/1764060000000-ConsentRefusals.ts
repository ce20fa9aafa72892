import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consent to be contacted becomes what the AI checks before it texts, calls or e-mails a lead
 * (docs/decisions/0014-consent-in-outreach.md): a form whose consent field says no records a refusal
 * (`granted` false) instead of nothing, and an opt-out withdraws every consent the lead gave (`withdrawn_at`).
 * Existing rows were all given.
 */
export class ConsentRefusals1764060000000 implements MigrationInterface {
  name = 'ConsentRefusals1764060000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."consents"
      ADD COLUMN "granted" boolean NOT NULL DEFAULT true,
      ADD COLUMN "withdrawn_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "people"."consents" WHERE NOT "granted"`);
    await queryRunner.query(
      `ALTER TABLE "people"."consents" DROP COLUMN "withdrawn_at", DROP COLUMN "granted"`,
    );
  }
}
