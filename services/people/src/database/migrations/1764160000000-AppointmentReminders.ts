import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appointment reminders (docs/decisions/0023-appointment-reminders.md): an engine action may be a `reminder` of a
 * booked appointment; reminders of an appointment are looked up by its id in the action's plan.
 */
export class AppointmentReminders1764160000000 implements MigrationInterface {
  name = 'AppointmentReminders1764160000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "people"."engine_actions" DROP CONSTRAINT "engine_actions_kind_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "people"."engine_actions" ADD CONSTRAINT "engine_actions_kind_check"
         CHECK ("kind" IN ('first_contact', 'reply', 'follow_up', 'reminder'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "engine_actions_reminder_idx" ON "people"."engine_actions"
         ("person_id", (("plan"->'appointment'->>'appointment_id'))) WHERE "kind" = 'reminder'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "people"."engine_actions_reminder_idx"`);
    await queryRunner.query(`DELETE FROM "people"."engine_actions" WHERE "kind" = 'reminder'`);
    await queryRunner.query(
      `ALTER TABLE "people"."engine_actions" DROP CONSTRAINT "engine_actions_kind_check"`,
    );
    await queryRunner.query(
      `ALTER TABLE "people"."engine_actions" ADD CONSTRAINT "engine_actions_kind_check"
         CHECK ("kind" IN ('first_contact', 'reply', 'follow_up'))`,
    );
  }
}
