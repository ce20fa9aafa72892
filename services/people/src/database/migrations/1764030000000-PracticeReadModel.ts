import {
  practiceReadModelDetailsDownSql,
  practiceReadModelDetailsSql,
  practiceReadModelTablesDownSql,
  practiceReadModelTablesSql,
} from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people service's read model of `practice.changes` (the platform's PracticeReadModel): practices with their
 * automation level, outreach preferences and public site key, and locations with address, phone, time zone and
 * business hours. Filled from the beginning of the topic by the service's consumer group.
 */
export class PracticeReadModel1764030000000 implements MigrationInterface {
  name = 'PracticeReadModel1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sql = [...practiceReadModelTablesSql('people'), ...practiceReadModelDetailsSql('people')];
    for (const statement of sql) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sql = [...practiceReadModelDetailsDownSql('people'), ...practiceReadModelTablesDownSql('people')];
    for (const statement of sql) await queryRunner.query(statement);
  }
}
