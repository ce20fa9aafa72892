import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each practice's public site key, which the website tracking snippet sends (`POST /api/v1/tracking/events`):
 * unique, never changes, generated for every practice (existing ones get theirs here; the seed gives the demo
 * practices fixed keys). 24 random hex digits after `site_`: not guessable, and not a secret either (it is in the
 * practice's public web pages).
 */
export class SiteKey1764030000000 implements MigrationInterface {
  name = 'SiteKey1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A volatile default is evaluated for every existing row: each practice gets its own key.
    await queryRunner.query(`ALTER TABLE "gateway"."practices" ADD COLUMN "site_key" text NOT NULL
      DEFAULT ('site_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24))
      CHECK ("site_key" ~ '^site_[a-z0-9_]{4,60}$')`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "practices_site_key_idx" ON "gateway"."practices" ("site_key")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "gateway"."practices" DROP COLUMN "site_key"`);
  }
}
