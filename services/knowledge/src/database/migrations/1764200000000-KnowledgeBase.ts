import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The website knowledge base (docs/product/settings.md#knowledge): one row per crawled page, its chunks with a
 * generated full-text vector (page title weighted A, the chunk's heading B, its text C; english config) under a
 * GIN index for retrieval, and each practice's processing status. `knowledge_chunks.source_url` and `content`
 * are also read by the price extraction.
 */
export class KnowledgeBase1764200000000 implements MigrationInterface {
  name = 'KnowledgeBase1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "knowledge"."knowledge_pages" (
      "page_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "source_url" text NOT NULL,
      "page_title" text,
      "content_hash" text NOT NULL DEFAULT '',
      "status" text NOT NULL CHECK ("status" IN ('ready', 'pending', 'failed')),
      "last_updated" timestamptz NOT NULL,
      "error" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "knowledge_pages_practice_url_key" UNIQUE ("practice_id", "source_url")
    )`);
    await queryRunner.query(`CREATE TABLE "knowledge"."knowledge_chunks" (
      "chunk_id" uuid PRIMARY KEY,
      "practice_id" uuid NOT NULL,
      "page_id" uuid NOT NULL REFERENCES "knowledge"."knowledge_pages" ("page_id") ON DELETE CASCADE,
      "source_url" text NOT NULL,
      "position" int NOT NULL,
      "page_title" text,
      "heading" text,
      "content" text NOT NULL,
      "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce("page_title", '')), 'A') ||
        setweight(to_tsvector('english', coalesce("heading", '')), 'B') ||
        setweight(to_tsvector('english', "content"), 'C')
      ) STORED,
      CONSTRAINT "knowledge_chunks_page_position_key" UNIQUE ("page_id", "position")
    )`);
    await queryRunner.query(
      `CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge"."knowledge_chunks" USING GIN ("search_vector")`,
    );
    await queryRunner.query(
      `CREATE INDEX "knowledge_chunks_practice_idx" ON "knowledge"."knowledge_chunks" ("practice_id")`,
    );
    await queryRunner.query(`CREATE TABLE "knowledge"."knowledge_processing" (
      "practice_id" uuid PRIMARY KEY,
      "status" text NOT NULL CHECK ("status" IN ('processing', 'ready', 'failed')),
      "run_id" uuid NOT NULL,
      "scope" text NOT NULL CHECK ("scope" IN ('all', 'urls')),
      "last_updated" timestamptz NOT NULL,
      "pages_found" int NOT NULL DEFAULT 0,
      "pages_processed" int NOT NULL DEFAULT 0,
      "pages_failed" int NOT NULL DEFAULT 0,
      "error" text
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "knowledge"."knowledge_processing"`);
    await queryRunner.query(`DROP TABLE "knowledge"."knowledge_chunks"`);
    await queryRunner.query(`DROP TABLE "knowledge"."knowledge_pages"`);
  }
}
