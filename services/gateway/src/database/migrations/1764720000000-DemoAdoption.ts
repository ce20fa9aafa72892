import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public demo a practice was created from at sign-up (docs/product/onboarding.md#sign-up): a demo becomes one
 * practice at most, whoever holds its id.
 */
export class DemoAdoption1764720000000 implements MigrationInterface {
  name = 'DemoAdoption1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "gateway"."practices" ADD COLUMN "demo_session_id" uuid`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "practices_demo_session_idx" ON "gateway"."practices" ("demo_session_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "gateway"."practices" DROP COLUMN "demo_session_id"`);
  }
}
