import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People's copy of what the practice knows, for the AI (fed by knowledge.changes): the practice's offer (what it
 * may quote) and the passages of its website (what it may answer from), with the same full-text vector as
 * knowledge's own chunks so one retrieval query serves both.
 */
export class KnowledgeCopy1764020000000 implements MigrationInterface {
  name = 'KnowledgeCopy1764020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "people"."practice_offers" (
      "practice_id" uuid PRIMARY KEY,
      "offer" jsonb NOT NULL,
      "changed_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(`CREATE TABLE "people"."knowledge_passages" (
      "chunk_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "source_url" text NOT NULL,
      "page_title" text,
      "position" integer NOT NULL,
      "content" text NOT NULL,
      "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce("page_title", '')), 'A') ||
        setweight(to_tsvector('english', "content"), 'C')
      ) STORED
    )`);
    await queryRunner.query(
      `CREATE INDEX "knowledge_passages_search_idx" ON "people"."knowledge_passages" USING GIN ("search_vector")`,
    );
    await queryRunner.query(
      `CREATE INDEX "knowledge_passages_page_idx" ON "people"."knowledge_passages" ("practice_id", "source_url")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "people"."knowledge_passages"`);
    await queryRunner.query(`DROP TABLE "people"."practice_offers"`);
  }
}
