import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead counts per practice and stage, kept by statement-level triggers in the same transaction as every
 * insert, update or delete of a lead. `GET /people/stats` reads a handful of rows instead of counting a
 * practice's leads (360 ms at a million leads; docs/PERFORMANCE.md), and the counts can never drift from the
 * rows: they change and commit together. Transition tables make a bulk insert one upsert per stage, not one
 * per row.
 */
export class LeadCounts1763820000000 implements MigrationInterface {
  name = 'LeadCounts1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."lead_counts" (
      "practice_id" uuid NOT NULL,
      "stage" text NOT NULL,
      "total" integer NOT NULL DEFAULT 0,
      "review" integer NOT NULL DEFAULT 0,
      PRIMARY KEY ("practice_id", "stage")
    )`);
    // One upsert of the changes per (practice, stage), in a fixed order so concurrent writers do not deadlock.
    // Each branch reads only the transition tables its trigger declares (plpgsql plans statements lazily).
    const upsert = (deltas: string) => `
      INSERT INTO "people"."lead_counts" AS c ("practice_id", "stage", "total", "review")
        SELECT practice_id, stage, sum(total), sum(review) FROM (${deltas}) AS d
         GROUP BY practice_id, stage HAVING sum(total) <> 0 OR sum(review) <> 0
         ORDER BY practice_id, stage
      ON CONFLICT ("practice_id", "stage") DO UPDATE
        SET "total" = c."total" + EXCLUDED."total", "review" = c."review" + EXCLUDED."review";`;
    const added = `SELECT practice_id, stage, 1 AS total, (pending_review_type IS NOT NULL)::int AS review FROM new_rows`;
    const removed = `SELECT practice_id, stage, -1 AS total, -(pending_review_type IS NOT NULL)::int AS review FROM old_rows`;
    await queryRunner.query(`CREATE FUNCTION "people"."lead_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${upsert(added)}
        ELSIF TG_OP = 'DELETE' THEN ${upsert(removed)}
        ELSE ${upsert(`${removed} UNION ALL ${added}`)}
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "persons_counts_insert" AFTER INSERT ON "people"."persons"
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people"."lead_counts_apply"()`);
    await queryRunner.query(`CREATE TRIGGER "persons_counts_update" AFTER UPDATE ON "people"."persons"
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "people"."lead_counts_apply"()`);
    await queryRunner.query(`CREATE TRIGGER "persons_counts_delete" AFTER DELETE ON "people"."persons"
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "people"."lead_counts_apply"()`);
    await queryRunner.query(`INSERT INTO "people"."lead_counts" ("practice_id", "stage", "total", "review")
      SELECT "practice_id", "stage", count(*), count(*) FILTER (WHERE "pending_review_type" IS NOT NULL)
        FROM "people"."persons" GROUP BY "practice_id", "stage"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "persons_counts_delete" ON "people"."persons"`);
    await queryRunner.query(`DROP TRIGGER "persons_counts_update" ON "people"."persons"`);
    await queryRunner.query(`DROP TRIGGER "persons_counts_insert" ON "people"."persons"`);
    await queryRunner.query(`DROP FUNCTION "people"."lead_counts_apply"()`);
    await queryRunner.query(`DROP TABLE "people"."lead_counts"`);
  }
}
