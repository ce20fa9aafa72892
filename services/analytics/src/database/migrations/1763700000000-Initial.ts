import { outboxInboxDownSql, outboxInboxUpSql } from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The analytics schema's outbox and inbox; the feature tables come with their own migrations. */
export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxUpSql('analytics')) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDownSql('analytics')) await queryRunner.query(sql);
  }
}
