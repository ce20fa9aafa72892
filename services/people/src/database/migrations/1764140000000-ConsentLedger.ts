import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The consent ledger shown on a lead (docs/product/channels.md#consent-ledger): a withdrawn consent keeps why
 * (`withdrawn_reason`: sms_keyword, carrier_unsubscribed, opt_out_message, staff_removal, email_unsubscribe).
 * Rows withdrawn before had no reason recorded.
 */
export class ConsentLedger1764140000000 implements MigrationInterface {
  name = 'ConsentLedger1764140000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."consents" ADD COLUMN "withdrawn_reason" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "people"."consents" DROP COLUMN "withdrawn_reason"`);
  }
}
