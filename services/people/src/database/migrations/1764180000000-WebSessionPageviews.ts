import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead's website pageviews on the timeline (docs/decisions/0031-web-sessions-on-the-timeline.md): one `pageview`
 * event per practice and analytics' pageview id (its source_identifier), so a redelivered or repeated message
 * updates the same event.
 */
export class WebSessionPageviews1764180000000 implements MigrationInterface {
  name = 'WebSessionPageviews1764180000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Pageviews written before (the demo seed's) named their visitor, so several share one id: each keeps its own.
    await queryRunner.query(
      `UPDATE "people"."events" AS e SET "source_identifier" = concat_ws(':', e."source_identifier", e."event_id")
         FROM (SELECT "event_id", count(*) OVER (PARTITION BY "practice_id", "source_identifier") AS "sharing"
                 FROM "people"."events" WHERE "event_type" = 'pageview') AS d
        WHERE e."event_id" = d."event_id" AND d."sharing" > 1`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "events_pageview_source_idx" ON "people"."events" ("practice_id", "source_identifier")
         WHERE "event_type" = 'pageview'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "people"."events_pageview_source_idx"`);
  }
}
