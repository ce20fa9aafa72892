import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log of patient record access (docs/decisions/0041-audit-log.md): append-only. The database refuses
 * any UPDATE and TRUNCATE of it, and the DELETE of an entry still within its practice's retention: only the purge of
 * entries past it goes through (the retention is never under six years: `audit_retention_years`).
 */
export class AuditLog1764900000000 implements MigrationInterface {
  name = 'AuditLog1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "gateway"."practices" ADD COLUMN "audit_retention_years" smallint NOT NULL DEFAULT 6
         CHECK ("audit_retention_years" BETWEEN 6 AND 30)`,
    );
    await queryRunner.query(`CREATE TABLE "gateway"."audit_log" (
      "audit_id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "occurred_at" timestamptz NOT NULL,
      "user_id" uuid NOT NULL,
      "user_email" text NOT NULL CHECK (length("user_email") <= 320),
      "action" text NOT NULL CHECK ("action" ~ '^[a-z_]+\\.[a-z_]+$'),
      "resource_type" text NOT NULL CHECK ("resource_type" IN ('lead', 'appointment', 'audit_log')),
      "resource_id" uuid,
      "lead_id" uuid,
      "status" smallint NOT NULL CHECK ("status" BETWEEN 100 AND 599),
      "client_ip" text NOT NULL CHECK (length("client_ip") <= 64),
      "user_agent" text CHECK (length("user_agent") <= 512),
      "correlation_id" text CHECK (length("correlation_id") <= 128),
      "recorded_at" timestamptz NOT NULL DEFAULT now()
    )`);
    // The Security page's views: the whole practice, one user, one lead; newest first. The purge: by age.
    await queryRunner.query(
      `CREATE INDEX "audit_log_practice_idx" ON "gateway"."audit_log" ("practice_id", "occurred_at" DESC, "audit_id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_user_idx" ON "gateway"."audit_log" ("practice_id", "user_id", "occurred_at" DESC, "audit_id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "audit_log_lead_idx" ON "gateway"."audit_log" ("practice_id", "lead_id", "occurred_at" DESC, "audit_id" DESC)
         WHERE "lead_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE FUNCTION "gateway"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          IF OLD."occurred_at" < now() - make_interval(years => COALESCE(
              (SELECT "audit_retention_years" FROM "gateway"."practices" WHERE "practice_id" = OLD."practice_id"), 6)) THEN
            RETURN OLD;
          END IF;
        END IF;
        RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP
          USING ERRCODE = 'insufficient_privilege',
                HINT = 'Entries are only removed once past their practice''s retention.';
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "gateway"."audit_log"
         FOR EACH ROW EXECUTE FUNCTION "gateway"."audit_log_append_only"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "gateway"."audit_log"
         FOR EACH STATEMENT EXECUTE FUNCTION "gateway"."audit_log_append_only"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "gateway"."audit_log"`);
    await queryRunner.query(`DROP FUNCTION "gateway"."audit_log_append_only"()`);
    await queryRunner.query(`ALTER TABLE "gateway"."practices" DROP COLUMN "audit_retention_years"`);
  }
}
