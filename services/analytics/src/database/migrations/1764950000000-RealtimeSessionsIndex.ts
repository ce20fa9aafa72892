import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Realtime's average session duration reads a practice's sessions active in the window
 * (`WHERE practice_id = $1 AND last_seen_at >= $2`): no index led with those two columns, so it scanned every
 * session of every practice (700 ms at 4 million sessions, bench:overview). This one answers it with an index-only
 * scan of the window's sessions (started_at included for the duration).
 */
export class RealtimeSessionsIndex1764950000000 implements MigrationInterface {
  name = 'RealtimeSessionsIndex1764950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "sessions_practice_last_seen_idx" ON "analytics"."sessions" ("practice_id", "last_seen_at")
         INCLUDE ("started_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "analytics"."sessions_practice_last_seen_idx"`);
  }
}
