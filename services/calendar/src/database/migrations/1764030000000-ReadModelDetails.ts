import { practiceReadModelDetailsDownSql, practiceReadModelDetailsSql } from '@pp/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of `practice.changes` keeps what the AI engine needs too (automation level, outreach
 * preferences, site key, each location's address, phone and business hours): the platform's PracticeReadModel
 * is one for every service.
 */
export class ReadModelDetails1764030000000 implements MigrationInterface {
  name = 'ReadModelDetails1764030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of practiceReadModelDetailsSql('calendar')) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const sql of practiceReadModelDetailsDownSql('calendar')) await queryRunner.query(sql);
  }
}
