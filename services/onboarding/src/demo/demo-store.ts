import { Injectable } from '@nestjs/common';
import type { CrawledPage } from '@pp/crawler';
import {
  chunkPage,
  DEFAULT_SEARCH_LIMIT,
  knowledgeSearchSql,
  questionText,
  relatedWords,
  type RetrievedPassage,
} from '@pp/ai';
import { returnedRows } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { Extraction, ExtractedData, OpeningHoursSpec } from '../extraction/extract-practice';

export type DemoStatus = 'initiated' | 'crawling' | 'processing' | 'ready' | 'failed';

/** A demo session as the store reads it. */
export interface DemoSession {
  demo_session_id: string;
  website_url: string;
  site: string;
  status: DemoStatus;
  error_message: string | null;
  extracted_data: ExtractedData | null;
  sources: Record<string, string>;
  pages_found: number;
  pages_processed: number;
  created_at: Date;
  expires_at: Date;
}

/** A session with what its extraction keeps for sign-up. */
export interface DemoAdoption {
  session: DemoSession;
  openingHours: OpeningHoursSpec[] | null;
  procedureKeys: string[];
  pageUrls: string[];
}

/** One message of the demo chat. */
export interface DemoMessage {
  role: 'visitor' | 'assistant';
  text: string;
  citations: { url: string; title: string | null }[];
}

/** JSON-LD kept per page at most (a hostile page may publish megabytes of it). */
const MAX_STRUCTURED_DATA_CHARS = 64 * 1024;

const SESSION_COLUMNS = `"demo_session_id", "website_url", "site", "status", "error_message", "extracted_data",
  "sources", "pages_found", "pages_processed", "created_at", "expires_at"`;

/** The demo's tables (migration DemoSessions): every statement of the feature, in one place. */
@Injectable()
export class DemoStore {
  constructor(private readonly dataSource: DataSource) {}

  async create(session: { id: string; websiteUrl: string; site: string; ttlHours: number }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "onboarding"."demo_sessions" ("demo_session_id", "website_url", "site", "status", "expires_at")
       VALUES ($1, $2, $3, 'initiated', now() + make_interval(hours => $4))`,
      [session.id, session.websiteUrl, session.site, session.ttlHours],
    );
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "onboarding"."demo_sessions" WHERE "demo_session_id" = $1`, [
      id,
    ]);
  }

  /** The session, unless it expired. */
  async live(id: string): Promise<DemoSession | null> {
    const [row]: DemoSession[] = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS} FROM "onboarding"."demo_sessions"
        WHERE "demo_session_id" = $1 AND "expires_at" > now()`,
      [id],
    );
    return row ?? null;
  }

  /** The newest session of a site started within `minutes` that has not failed nor expired. */
  async recentForSite(site: string, minutes: number): Promise<DemoSession | null> {
    const [row]: DemoSession[] = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS} FROM "onboarding"."demo_sessions"
        WHERE "site" = $1 AND "status" <> 'failed' AND "expires_at" > now()
          AND "created_at" > now() - make_interval(mins => $2)
        ORDER BY "created_at" DESC LIMIT 1`,
      [site, minutes],
    );
    return row ?? null;
  }

  /** Deletes up to `limit` expired sessions (their pages go with them). */
  async sweepExpired(limit = 100): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "onboarding"."demo_sessions" WHERE "demo_session_id" IN (
         SELECT "demo_session_id" FROM "onboarding"."demo_sessions" WHERE "expires_at" <= now() LIMIT $1)`,
      [limit],
    );
  }

  /** Moves a live session on from one of `from`; false when it was not there (expired, or moved on already). */
  async advance(id: string, from: DemoStatus[], to: DemoStatus): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE "onboarding"."demo_sessions" SET "status" = $3, "updated_at" = now()
        WHERE "demo_session_id" = $1 AND "status" = ANY($2) AND "expires_at" > now() RETURNING 1`,
      [id, from, to],
    );
    return returnedRows(rows).length > 0;
  }

  async progress(id: string, found: number, processed: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "onboarding"."demo_sessions"
          SET "pages_found" = GREATEST("pages_found", $2), "pages_processed" = GREATEST("pages_processed", $3),
              "updated_at" = now()
        WHERE "demo_session_id" = $1`,
      [id, found, processed],
    );
  }

  async fail(id: string, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "onboarding"."demo_sessions" SET "status" = 'failed', "error_message" = $2, "updated_at" = now()
        WHERE "demo_session_id" = $1 AND "status" NOT IN ('ready', 'failed')`,
      [id, message],
    );
  }

  /** The pages read and their passages (`chunkPage`, as the practice knowledge cuts them), in one transaction. */
  async savePages(id: string, pages: readonly CrawledPage[]): Promise<void> {
    if (pages.length === 0) return;
    const chunks = pages.flatMap((page) =>
      chunkPage({ title: page.title, text: page.text, headings: page.headings }).map((chunk) => ({
        chunk_id: randomUUID(),
        source_url: page.url,
        position: chunk.position,
        page_title: page.title,
        heading: chunk.heading,
        content: chunk.content,
      })),
    );
    await this.dataSource.transaction(async (manager) => {
      await this.insertPages(manager, id, pages);
      await manager.query(
        `INSERT INTO "onboarding"."demo_chunks"
           ("chunk_id", "demo_session_id", "source_url", "position", "page_title", "heading", "content")
         SELECT chunk."chunk_id", $1, chunk."source_url", chunk."position", chunk."page_title", chunk."heading",
                chunk."content"
           FROM jsonb_to_recordset($2::jsonb) AS chunk("chunk_id" uuid, "source_url" text, "position" int,
                "page_title" text, "heading" text, "content" text)`,
        [id, JSON.stringify(chunks)],
      );
    });
  }

  private async insertPages(
    manager: EntityManager,
    id: string,
    pages: readonly CrawledPage[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "onboarding"."demo_pages"
         ("demo_session_id", "position", "url", "title", "headings", "text", "structured_data", "meta", "contact",
          "fetched_at")
       SELECT $1, page."position", page."url", page."title", page."headings", page."text", page."structured_data",
              page."meta", page."contact", page."fetched_at"
         FROM jsonb_to_recordset($2::jsonb) AS page("position" int, "url" text, "title" text, "headings" jsonb,
              "text" text, "structured_data" jsonb, "meta" jsonb, "contact" jsonb, "fetched_at" timestamptz)
       ON CONFLICT DO NOTHING`,
      [
        id,
        JSON.stringify(
          pages.map((page, position) => ({
            position,
            url: page.url,
            title: page.title,
            headings: page.headings,
            text: page.text,
            structured_data: boundedStructuredData(page.structuredData),
            meta: page.meta,
            contact: page.contact,
            fetched_at: page.fetchedAt,
          })),
        ),
      ],
    );
  }

  /** The pages of a session as the crawler returned them, in the order read. */
  async pages(id: string): Promise<CrawledPage[]> {
    const rows: {
      url: string;
      title: string | null;
      headings: string[];
      text: string;
      structured_data: unknown[];
      meta: CrawledPage['meta'];
      contact: CrawledPage['contact'];
      fetched_at: Date;
    }[] = await this.dataSource.query(
      `SELECT "url", "title", "headings", "text", "structured_data", "meta", "contact", "fetched_at"
         FROM "onboarding"."demo_pages" WHERE "demo_session_id" = $1 ORDER BY "position"`,
      [id],
    );
    return rows.map((row) => ({
      url: row.url,
      title: row.title,
      headings: row.headings,
      text: row.text,
      structuredData: row.structured_data,
      meta: row.meta,
      contact: row.contact,
      fetchedAt: row.fetched_at,
    }));
  }

  /** Records that a number asked not to be called again (kept once). */
  async optOut(phone: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "onboarding"."demo_call_opt_outs" ("phone") VALUES ($1) ON CONFLICT DO NOTHING`,
      [phone],
    );
  }

  /** Whether a number asked not to be called again. */
  async optedOut(phone: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "onboarding"."demo_call_opt_outs" WHERE "phone" = $1`,
      [phone],
    );
    return rows.length > 0;
  }

  /** What a live session would become as a practice (its extraction and the pages it read), or null. */
  async adoption(id: string): Promise<DemoAdoption | null> {
    const [row]: (DemoSession & {
      opening_hours: { hours: OpeningHoursSpec[] } | null;
      procedure_keys: string[];
      page_urls: string[];
    })[] = await this.dataSource.query(
      `SELECT ${SESSION_COLUMNS}, "opening_hours", "procedure_keys",
          ARRAY(SELECT "url" FROM "onboarding"."demo_pages" AS p
                 WHERE p."demo_session_id" = s."demo_session_id" ORDER BY "position") AS "page_urls"
         FROM "onboarding"."demo_sessions" AS s
        WHERE "demo_session_id" = $1 AND "expires_at" > now()`,
      [id],
    );
    if (!row) return null;
    const { opening_hours, procedure_keys, page_urls, ...session } = row;
    return {
      session,
      openingHours: opening_hours?.hours ?? null,
      procedureKeys: procedure_keys,
      pageUrls: page_urls,
    };
  }

  /** The passages of a session's pages that best answer a question, best first. */
  async search(id: string, question: string): Promise<RetrievedPassage[]> {
    const rows: {
      chunk_id: string;
      source_url: string;
      page_title: string | null;
      content: string;
      score: number;
    }[] = await this.dataSource.query(DEMO_SEARCH_SQL, [
      id,
      questionText(question),
      DEFAULT_SEARCH_LIMIT,
      relatedWords(question),
    ]);
    return rows.map((row) => ({
      id: row.chunk_id,
      text: row.content,
      url: row.source_url,
      title: row.page_title,
      score: Number(row.score),
    }));
  }

  /** Messages of the demo chat so far. */
  async messageCount(id: string): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM "onboarding"."demo_messages" WHERE "demo_session_id" = $1`,
      [id],
    );
    return count;
  }

  /** Appends a turn of the demo chat (the visitor's message and the reply), after the session's last message. */
  async appendTurn(id: string, turn: readonly DemoMessage[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // One turn at a time per session: positions follow each other.
      await manager.query(
        `SELECT 1 FROM "onboarding"."demo_sessions" WHERE "demo_session_id" = $1 FOR UPDATE`,
        [id],
      );
      await manager.query(
        `INSERT INTO "onboarding"."demo_messages" ("demo_session_id", "position", "role", "text", "citations")
         SELECT $1, base.next + message."index", message."role", message."text", message."citations"
           FROM (SELECT coalesce(max("position") + 1, 0) AS next FROM "onboarding"."demo_messages"
                  WHERE "demo_session_id" = $1) base,
                jsonb_to_recordset($2::jsonb) AS message("index" int, "role" text, "text" text, "citations" jsonb)`,
        [id, JSON.stringify(turn.map((message, index) => ({ index, ...message })))],
      );
    });
  }

  /** The demo's phone number: set when it has none; the number it has (this one or another) either way. */
  async setPhone(id: string, phone: string): Promise<string | null> {
    const [row] = returnedRows<{ demo_phone: string | null }>(
      await this.dataSource.query(
        `UPDATE "onboarding"."demo_sessions" SET "demo_phone" = coalesce("demo_phone", $2), "updated_at" = now()
          WHERE "demo_session_id" = $1 RETURNING "demo_phone"`,
        [id, phone],
      ),
    );
    return row?.demo_phone ?? null;
  }

  async phoneOf(id: string): Promise<string | null> {
    const [row]: { demo_phone: string | null }[] = await this.dataSource.query(
      `SELECT "demo_phone" FROM "onboarding"."demo_sessions" WHERE "demo_session_id" = $1`,
      [id],
    );
    return row?.demo_phone ?? null;
  }

  /** Demo calls so far: of this session, to this number in the last 24 hours, and of every demo in 24 hours. */
  async callCounts(id: string, phone: string): Promise<{ session: number; number: number; day: number }> {
    const [row]: { session: number; number: number; day: number }[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE "demo_session_id" = $1)::int AS "session",
              count(*) FILTER (WHERE "phone" = $2)::int AS "number",
              count(*)::int AS "day"
         FROM "onboarding"."demo_calls" WHERE "created_at" > now() - interval '24 hours'`,
      [id, phone],
    );
    return row;
  }

  async addCall(call: { id: string; sessionId: string; phone: string; status: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "onboarding"."demo_calls" ("call_id", "demo_session_id", "phone", "status") VALUES ($1, $2, $3, $4)`,
      [call.id, call.sessionId, call.phone, call.status],
    );
  }

  /** A call of a session: its status or Twilio's id. */
  async updateCall(
    sessionId: string,
    callId: string,
    change: { status?: string; callSid?: string },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE "onboarding"."demo_calls" SET "status" = coalesce($3, "status"), "call_sid" = coalesce($4, "call_sid")
        WHERE "demo_session_id" = $1 AND "call_id" = $2`,
      [sessionId, callId, change.status ?? null, change.callSid ?? null],
    );
  }

  /** A call of a live session, its turns counted up by one: null when there is no such call. */
  async takeTurn(sessionId: string, callId: string): Promise<{ turns: number } | null> {
    const [row]: { turns: number }[] = returnedRows(
      await this.dataSource.query(
        `UPDATE "onboarding"."demo_calls" c SET "turns" = c."turns" + 1
           FROM "onboarding"."demo_sessions" s
          WHERE c."call_id" = $2 AND c."demo_session_id" = $1 AND s."demo_session_id" = c."demo_session_id"
            AND s."expires_at" > now()
          RETURNING c."turns"`,
        [sessionId, callId],
      ),
    );
    return row ?? null;
  }

  /** The extraction, and the session ready: one statement. */
  async ready(id: string, extraction: Extraction): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE "onboarding"."demo_sessions"
          SET "status" = 'ready', "extracted_data" = $2, "sources" = $3, "opening_hours" = $4,
              "procedure_keys" = $5, "updated_at" = now()
        WHERE "demo_session_id" = $1 AND "status" = 'processing' RETURNING 1`,
      [
        id,
        JSON.stringify(extraction.data),
        JSON.stringify(extraction.sources),
        extraction.openingHours ? JSON.stringify(extraction.openingHours) : null,
        extraction.procedureKeys,
      ],
    );
    return returnedRows(rows).length > 0;
  }
}

/** The demo chat's retrieval over a session's passages (the practice knowledge's SQL, scoped to the session). */
const DEMO_SEARCH_SQL = knowledgeSearchSql('"onboarding"."demo_chunks"', '"demo_session_id"');

/** JSON-LD as kept: the whole list when it is small enough, else none (the extraction then reads the text). */
function boundedStructuredData(blocks: readonly unknown[]): unknown[] {
  const text = JSON.stringify(blocks);
  return text.length <= MAX_STRUCTURED_DATA_CHARS ? (blocks as unknown[]) : [];
}
