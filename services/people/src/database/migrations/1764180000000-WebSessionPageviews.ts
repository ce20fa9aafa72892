import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead's website pageviews on the timeline (docs/decisions/0031-web-sessions-on-the-timeline.md): one `pageview`
 * event per practice and analytics' pageview id (its source_identifier), so a redelivered or repeated message
 * updates the same event.
 */
export class WebSessionPageviews1764180000000 implements MigrationInterface {
  name = 'WebSessionPageviews1764180000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNIQUE INDEX "events_pageview_source_idx" ON "people"."events" ("practice_id", "source_identifier")
         WHERE "event_type" = 'pageview'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "people"."events_pageview_source_idx"`);
  }
}
