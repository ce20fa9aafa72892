import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The block list's reads and changes are audit entries too (docs/decisions/0043-number-block-list.md): a resource
 * type of their own.
 */
export class AuditBlockedNumbers1765000000000 implements MigrationInterface {
  name = 'AuditBlockedNumbers1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "gateway"."audit_log" DROP CONSTRAINT "audit_log_resource_type_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "gateway"."audit_log" ADD CONSTRAINT "audit_log_resource_type_check"
         CHECK ("resource_type" IN ('lead', 'appointment', 'audit_log', 'blocked_number'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "gateway"."audit_log" WHERE "resource_type" = 'blocked_number'`);
    await queryRunner.query(
      `ALTER TABLE "gateway"."audit_log" DROP CONSTRAINT "audit_log_resource_type_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "gateway"."audit_log" ADD CONSTRAINT "audit_log_resource_type_check"
         CHECK ("resource_type" IN ('lead', 'appointment', 'audit_log'))`,
    );
  }
}
