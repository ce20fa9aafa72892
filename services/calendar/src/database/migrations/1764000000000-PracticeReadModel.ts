import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The calendar's read model of `practice.changes`: which practices and locations exist, so a booking can
 * refuse a location of another practice (or none at all).
 */
export class PracticeReadModel1764000000000 implements MigrationInterface {
  name = 'PracticeReadModel1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "calendar"."practices" (
      "practice_id" uuid PRIMARY KEY,
      "name" text NOT NULL,
      "changed_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(`CREATE TABLE "calendar"."locations" (
      "location_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "name" text NOT NULL,
      "timezone" text NOT NULL,
      "is_active" boolean NOT NULL,
      "changed_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(
      `CREATE INDEX "locations_practice_idx" ON "calendar"."locations" ("practice_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar"."locations"`);
    await queryRunner.query(`DROP TABLE "calendar"."practices"`);
  }
}
