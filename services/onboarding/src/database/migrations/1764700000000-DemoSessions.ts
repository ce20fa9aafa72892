import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public demo (docs/product/onboarding.md): one row per demo session, with its progress, what was extracted
 * (and from which page), the pages read from the prospect's website (the sign-up turns them into the new
 * practice's knowledge), their passages (the demo chat answers from them) and the chat's conversation. Sessions expire (`expires_at`); expired rows are
 * deleted by a later start's sweep, their pages with them. A page keeps what the extraction reads besides its
 * text: its JSON-LD, its head's meta and the contact details its readable text leaves out.
 */
export class DemoSessions1764700000000 implements MigrationInterface {
  name = 'DemoSessions1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_sessions" (
      "demo_session_id" uuid PRIMARY KEY,
      "website_url" text NOT NULL,
      "site" text NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('initiated', 'crawling', 'processing', 'ready', 'failed')),
      "error_message" text,
      "extracted_data" jsonb,
      "sources" jsonb NOT NULL DEFAULT '{}',
      "opening_hours" jsonb,
      "procedure_keys" text[] NOT NULL DEFAULT '{}',
      "pages_found" int NOT NULL DEFAULT 0,
      "pages_processed" int NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL
    )`);
    await queryRunner.query(
      `CREATE INDEX "demo_sessions_site_idx" ON "onboarding"."demo_sessions" ("site", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "demo_sessions_expires_idx" ON "onboarding"."demo_sessions" ("expires_at")`,
    );
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_pages" (
      "demo_session_id" uuid NOT NULL REFERENCES "onboarding"."demo_sessions" ("demo_session_id") ON DELETE CASCADE,
      "position" int NOT NULL,
      "url" text NOT NULL,
      "title" text,
      "headings" jsonb NOT NULL DEFAULT '[]',
      "text" text NOT NULL,
      "structured_data" jsonb NOT NULL DEFAULT '[]',
      "meta" jsonb NOT NULL DEFAULT '{}',
      "contact" jsonb NOT NULL DEFAULT '{}',
      "fetched_at" timestamptz NOT NULL,
      PRIMARY KEY ("demo_session_id", "position"),
      CONSTRAINT "demo_pages_session_url_key" UNIQUE ("demo_session_id", "url")
    )`);
    // The pages cut into passages for the demo chat's retrieval, weighted as the practice knowledge is.
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_chunks" (
      "chunk_id" uuid PRIMARY KEY,
      "demo_session_id" uuid NOT NULL REFERENCES "onboarding"."demo_sessions" ("demo_session_id") ON DELETE CASCADE,
      "source_url" text NOT NULL,
      "position" int NOT NULL,
      "page_title" text,
      "heading" text,
      "content" text NOT NULL,
      "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce("page_title", '')), 'A') ||
        setweight(to_tsvector('english', coalesce("heading", '')), 'B') ||
        setweight(to_tsvector('english', "content"), 'C')
      ) STORED
    )`);
    await queryRunner.query(
      `CREATE INDEX "demo_chunks_session_idx" ON "onboarding"."demo_chunks" ("demo_session_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "demo_chunks_search_idx" ON "onboarding"."demo_chunks" USING GIN ("search_vector")`,
    );
    // The demo chat's conversation, kept with its session.
    await queryRunner.query(`CREATE TABLE "onboarding"."demo_messages" (
      "demo_session_id" uuid NOT NULL REFERENCES "onboarding"."demo_sessions" ("demo_session_id") ON DELETE CASCADE,
      "position" int NOT NULL,
      "role" text NOT NULL CHECK ("role" IN ('visitor', 'assistant')),
      "text" text NOT NULL,
      "citations" jsonb NOT NULL DEFAULT '[]',
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("demo_session_id", "position")
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "onboarding"."demo_messages"`);
    await queryRunner.query(`DROP TABLE "onboarding"."demo_chunks"`);
    await queryRunner.query(`DROP TABLE "onboarding"."demo_pages"`);
    await queryRunner.query(`DROP TABLE "onboarding"."demo_sessions"`);
  }
}
