import {
  practiceReadModelDetailsDownSql,
  practiceReadModelDetailsSql,
  practiceReadModelTablesDownSql,
  practiceReadModelTablesSql,
} from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analytics service's read model of `practice.changes` (the platform's PracticeReadModel): practices with their
 * automation level, outreach preferences and public site key, and locations with address, phone, time zone and
 * business hours. Filled from the beginning of the topic by the service's consumer group.
 */
export class PracticeReadModel1764030000000 implements MigrationInterface {
  name = 'PracticeReadModel1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sql = [...practiceReadModelTablesSql('analytics'), ...practiceReadModelDetailsSql('analytics')];
    for (const statement of sql) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sql = [
      ...practiceReadModelDetailsDownSql('analytics'),
      ...practiceReadModelTablesDownSql('analytics'),
    ];
    for (const statement of sql) await queryRunner.query(statement);
  }
}
