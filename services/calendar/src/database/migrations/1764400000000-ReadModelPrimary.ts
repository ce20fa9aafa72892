import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of `practice.changes` is now the platform's one (`PracticeReadModel`, shared with knowledge):
 * it also keeps each practice's website and which location is primary (the practice's time zone). Rows already
 * here get them with the next change the gateway publishes (its seed republishes every practice).
 */
export class ReadModelPrimary1764400000000 implements MigrationInterface {
  name = 'ReadModelPrimary1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar"."practices" ADD COLUMN "website_url" text`);
    await queryRunner.query(
      `ALTER TABLE "calendar"."locations" ADD COLUMN "is_primary" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar"."locations" DROP COLUMN "is_primary"`);
    await queryRunner.query(`ALTER TABLE "calendar"."practices" DROP COLUMN "website_url"`);
  }
}
