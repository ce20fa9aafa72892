import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The knowledge service's read model of `practice.changes`: which practices and locations exist (a price,
 * fee or promotion for another practice's location is refused), each practice's website (what "process
 * everything" crawls), location names (pricing history and promotions show them) and time zones (a
 * promotion's status is decided in the practice's time zone: its primary location's).
 */
export class PracticeReadModel1764100000000 implements MigrationInterface {
  name = 'PracticeReadModel1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "knowledge"."practices" (
      "practice_id" uuid PRIMARY KEY,
      "name" text NOT NULL,
      "website_url" text,
      "changed_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(`CREATE TABLE "knowledge"."locations" (
      "location_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "name" text NOT NULL,
      "timezone" text NOT NULL,
      "is_primary" boolean NOT NULL,
      "is_active" boolean NOT NULL,
      "changed_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(
      `CREATE INDEX "locations_practice_idx" ON "knowledge"."locations" ("practice_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "knowledge"."locations"`);
    await queryRunner.query(`DROP TABLE "knowledge"."practices"`);
  }
}
