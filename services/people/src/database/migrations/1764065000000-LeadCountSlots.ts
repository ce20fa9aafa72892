import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead counts in slots (docs/PERFORMANCE.md, speed to lead). With one row per practice and stage, every
 * transaction that creates a lead or changes a stage held that row until commit, so a practice's intakes and sends
 * ran one at a time. Each database session now adds its deltas to its own slot (its backend pid modulo 16) and the
 * stats sum the slots: concurrent writers of one practice rarely meet, and never deadlock (one slot per
 * transaction, rows in a fixed order). A slot's figures alone may be negative; their sum per stage is the count.
 */
export class LeadCountSlots1764065000000 implements MigrationInterface {
  name = 'LeadCountSlots1764065000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "people"."lead_counts" ADD COLUMN "slot" smallint NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(`ALTER TABLE "people"."lead_counts" DROP CONSTRAINT "lead_counts_pkey"`);
    await queryRunner.query(
      `ALTER TABLE "people"."lead_counts" ADD PRIMARY KEY ("practice_id", "stage", "slot")`,
    );
    await queryRunner.query(applyFunction(`(pg_backend_pid() % 16)::smallint`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(applyFunction(null));
    await queryRunner.query(`CREATE TEMP TABLE "lead_counts_summed" AS
      SELECT "practice_id", "stage", sum("total")::int AS "total", sum("review")::int AS "review"
        FROM "people"."lead_counts" GROUP BY "practice_id", "stage"`);
    await queryRunner.query(`DELETE FROM "people"."lead_counts"`);
    await queryRunner.query(`ALTER TABLE "people"."lead_counts" DROP CONSTRAINT "lead_counts_pkey"`);
    await queryRunner.query(`ALTER TABLE "people"."lead_counts" DROP COLUMN "slot"`);
    await queryRunner.query(`ALTER TABLE "people"."lead_counts" ADD PRIMARY KEY ("practice_id", "stage")`);
    await queryRunner.query(`INSERT INTO "people"."lead_counts" ("practice_id", "stage", "total", "review")
      SELECT "practice_id", "stage", "total", "review" FROM "lead_counts_summed"`);
    await queryRunner.query(`DROP TABLE "lead_counts_summed"`);
  }
}

/**
 * The trigger function of migration LeadCounts, writing to `slot` (an SQL expression) or, with null, to the
 * single row per practice and stage it had before.
 */
function applyFunction(slot: string | null): string {
  const column = slot ? `, "slot"` : '';
  const value = slot ? `, ${slot}` : '';
  const key = slot ? `"practice_id", "stage", "slot"` : `"practice_id", "stage"`;
  const upsert = (deltas: string) => `
      INSERT INTO "people"."lead_counts" AS c ("practice_id", "stage", "total", "review"${column})
        SELECT practice_id, stage, sum(total), sum(review)${value} FROM (${deltas}) AS d
         GROUP BY practice_id, stage HAVING sum(total) <> 0 OR sum(review) <> 0
         ORDER BY practice_id, stage
      ON CONFLICT (${key}) DO UPDATE
        SET "total" = c."total" + EXCLUDED."total", "review" = c."review" + EXCLUDED."review";`;
  const added = `SELECT practice_id, stage, 1 AS total, (pending_review_type IS NOT NULL)::int AS review FROM new_rows`;
  const removed = `SELECT practice_id, stage, -1 AS total, -(pending_review_type IS NOT NULL)::int AS review FROM old_rows`;
  return `CREATE OR REPLACE FUNCTION "people"."lead_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${upsert(added)}
        ELSIF TG_OP = 'DELETE' THEN ${upsert(removed)}
        ELSE ${upsert(`${removed} UNION ALL ${added}`)}
        END IF;
        RETURN NULL;
      END $$`;
}
