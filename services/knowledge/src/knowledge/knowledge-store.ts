import { Injectable } from '@nestjs/common';
import { KnowledgeUpdatedV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { publishKnowledgePages } from '../offer/practice-offer';
import { chunkPage, type PageText } from '@pp/ai';
import { KnowledgeProcessing } from './knowledge.entities';
import { KnowledgeMessages } from './knowledge.exception';
import { KnowledgeStatusResponse } from './knowledge.response';

/** sha256 of what the chunks are made of: an equal hash means the page's chunks are still right. */
export function contentHash(page: PageText): string {
  return createHash('sha256')
    .update(JSON.stringify([page.title ?? '', page.text, page.headings ?? []]))
    .digest('hex');
}

/** What saving one crawled page did. */
export type SavedPage = 'unchanged' | 'updated';

/**
 * The knowledge tables' writes shared by the API and the processing job: a page with its chunks (one
 * transaction per page), the status row, totals and the knowledge_updated event.
 */
@Injectable()
export class KnowledgeStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async status(practiceId: string): Promise<KnowledgeStatusResponse> {
    const row = await this.dataSource
      .getRepository(KnowledgeProcessing)
      .findOneBy({ practice_id: practiceId });
    return toStatus(practiceId, row);
  }

  /**
   * Upserts the page and, when its content changed, replaces its chunks, all in one transaction. An
   * unchanged page keeps its chunks (and chunk ids) and is marked ready and up to date.
   */
  async savePage(practiceId: string, url: string, page: PageText, fetchedAt: Date): Promise<SavedPage> {
    const hash = contentHash(page);
    const title = page.title?.trim().slice(0, 500) || null;
    return this.dataSource.transaction(async (manager) => {
      const [existing]: { page_id: string; content_hash: string }[] = await manager.query(
        `SELECT "page_id", "content_hash" FROM "knowledge"."knowledge_pages"
          WHERE "practice_id" = $1 AND "source_url" = $2 FOR UPDATE`,
        [practiceId, url],
      );
      if (existing && existing.content_hash === hash) {
        await manager.query(
          `UPDATE "knowledge"."knowledge_pages" SET "status" = 'ready', "error" = NULL, "last_updated" = $2
            WHERE "page_id" = $1`,
          [existing.page_id, fetchedAt],
        );
        return 'unchanged';
      }
      const pageId = existing?.page_id ?? randomUUID();
      await manager.query(
        `INSERT INTO "knowledge"."knowledge_pages"
           ("page_id", "practice_id", "source_url", "page_title", "content_hash", "status", "last_updated", "error")
         VALUES ($1, $2, $3, $4, $5, 'ready', $6, NULL)
         ON CONFLICT ("page_id") DO UPDATE SET "page_title" = EXCLUDED."page_title",
           "content_hash" = EXCLUDED."content_hash", "status" = 'ready', "last_updated" = EXCLUDED."last_updated",
           "error" = NULL`,
        [pageId, practiceId, url, title, hash, fetchedAt],
      );
      await manager.query(`DELETE FROM "knowledge"."knowledge_chunks" WHERE "page_id" = $1`, [pageId]);
      await insertChunks(manager, practiceId, pageId, url, title, page);
      return 'updated';
    });
  }

  /** Page and chunk counts of the practice, as knowledge_updated and the list report them. */
  async totals(
    manager: EntityManager,
    practiceId: string,
  ): Promise<{ total_entries: number; total_chunks: number }> {
    const [row]: { total_entries: number; total_chunks: number }[] = await manager.query(
      `SELECT (SELECT count(*)::int FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1) AS total_entries,
              (SELECT count(*)::int FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1) AS total_chunks`,
      [practiceId],
    );
    return row;
  }

  /**
   * Announces on knowledge.changes that the practice's pages changed (urls empty: everything), with the
   * passages of those pages for people's copy.
   */
  async publishUpdated(manager: EntityManager, practiceId: string, urls: string[]): Promise<void> {
    await this.outbox.add<KnowledgeUpdatedV1>(manager, Topics.knowledgeChanges, {
      type: 'knowledge_updated',
      practice_id: practiceId,
      urls,
      ...(await this.totals(manager, practiceId)),
    });
    await publishKnowledgePages(manager, this.outbox, practiceId, urls.length === 0 ? 'all' : urls);
  }
}

/** The page's chunks, in one multi-row INSERT. */
export async function insertChunks(
  manager: EntityManager,
  practiceId: string,
  pageId: string,
  url: string,
  title: string | null,
  page: PageText,
): Promise<number> {
  const chunks = chunkPage(page);
  if (chunks.length === 0) return 0;
  const values: unknown[] = [];
  const rows = chunks.map((chunk) => {
    const base = values.length;
    values.push(randomUUID(), practiceId, pageId, url, chunk.position, title, chunk.heading, chunk.content);
    return `(${Array.from({ length: 8 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await manager.query(
    `INSERT INTO "knowledge"."knowledge_chunks"
       ("chunk_id", "practice_id", "page_id", "source_url", "position", "page_title", "heading", "content")
     VALUES ${rows.join(', ')}`,
    values,
  );
  return chunks.length;
}

/**
 * A run that has reported nothing for this long is taken for dead (its worker crashed, or no worker runs): its
 * status reads failed, and a new request may start another.
 */
export const STALE_RUN_MS = 15 * 60_000;

export const isStaleRun = (row: Pick<KnowledgeProcessing, 'status' | 'last_updated'>, now = Date.now()) =>
  row.status === 'processing' && now - row.last_updated.getTime() >= STALE_RUN_MS;

export function toStatus(
  practiceId: string,
  row: KnowledgeProcessing | null,
  now = Date.now(),
): KnowledgeStatusResponse {
  if (row && isStaleRun(row, now)) {
    return { ...toStatus(practiceId, { ...row, status: 'failed' }), error: KnowledgeMessages.runFailed };
  }
  return {
    practice_id: practiceId,
    status: row?.status ?? 'ready',
    last_updated: row ? row.last_updated.toISOString() : null,
    scope: row?.scope ?? null,
    pages_found: row?.pages_found ?? 0,
    pages_processed: row?.pages_processed ?? 0,
    pages_failed: row?.pages_failed ?? 0,
    error: row?.error ?? null,
  };
}
