import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Numbers that asked, during a demo call, not to be called again (docs/product/onboarding.md#voice-demo): no demo
 * calls them again, whichever demo names them. Kept until an operator removes one.
 */
export class DemoCallOptOuts1764720000000 implements MigrationInterface {
  name = 'DemoCallOptOuts1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_call_opt_outs" (
      "phone" text PRIMARY KEY,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "onboarding"."demo_call_opt_outs"`);
  }
}
