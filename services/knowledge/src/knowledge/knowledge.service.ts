import { Injectable, Logger } from '@nestjs/common';
import { assertPracticeAccess, Identity, PracticeReadModel, returnedRows } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeleteKnowledgeDto, DeleteKnowledgeQuery } from './dto/delete-knowledge.dto';
import { ProcessKnowledgeDto } from './dto/process-knowledge.dto';
import { KnowledgeProcessing } from './knowledge.entities';
import { KnowledgeException, KnowledgeExceptionCode, KnowledgeMessages } from './knowledge.exception';
import {
  KnowledgeDeleteResponse,
  KnowledgeEntryResponse,
  KnowledgeListResponse,
  KnowledgeStatusResponse,
} from './knowledge.response';
import { KnowledgeQueue } from './knowledge-queue';
import { isStaleRun, KnowledgeStore, toStatus } from './knowledge-store';
import { checkPageUrls, normalisePageUrl, websiteOf } from './page-urls';

/**
 * A run still 'processing' after this long without progress is taken for dead (its worker stopped), so a new
 * request may start another; a live run updates its row at every page.
 */
const MAX_DELETE_IDS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** docs/product/settings.md#knowledge-calls: the knowledge base of a practice's website. */
@Injectable()
export class KnowledgeService {
  private readonly logger = new Logger(KnowledgeService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: KnowledgeStore,
    private readonly queue: KnowledgeQueue,
    private readonly practices: PracticeReadModel,
  ) {}

  /** One entry per page (pending ones too), by address, with their chunk ids in page order. */
  async list(identity: Identity, practiceId: string): Promise<KnowledgeListResponse> {
    assertPracticeAccess(identity, practiceId);
    const rows: (Omit<KnowledgeEntryResponse, 'last_updated' | 'chunk_count'> & { last_updated: Date })[] =
      await this.dataSource.query(
        `SELECT p."source_url", p."page_title", p."last_updated", p."status", p."error",
                COALESCE(array_agg(c."chunk_id" ORDER BY c."position") FILTER (WHERE c."chunk_id" IS NOT NULL),
                         '{}') AS "chunk_ids"
           FROM "knowledge"."knowledge_pages" p
           LEFT JOIN "knowledge"."knowledge_chunks" c ON c."page_id" = p."page_id"
          WHERE p."practice_id" = $1
          GROUP BY p."page_id"
          ORDER BY p."source_url"`,
        [practiceId],
      );
    const entries = rows.map((row) => ({
      source_url: row.source_url,
      page_title: row.page_title,
      chunk_ids: row.chunk_ids,
      chunk_count: row.chunk_ids.length,
      last_updated: row.last_updated.toISOString(),
      status: row.status,
      error: row.error,
    }));
    return {
      entries,
      total_entries: entries.length,
      total_chunks: entries.reduce((sum, entry) => sum + entry.chunk_count, 0),
    };
  }

  async status(identity: Identity, practiceId: string): Promise<KnowledgeStatusResponse> {
    assertPracticeAccess(identity, practiceId);
    return this.store.status(practiceId);
  }

  /**
   * Starts a run: the chosen pages (each an http(s) page of the practice's website) or the whole website.
   * The status becomes processing and the pages pending; the crawl runs on the `knowledge` queue. A run
   * still going refuses a second one (409), so a practice is never crawled twice at once.
   */
  async process(
    identity: Identity,
    practiceId: string,
    dto: ProcessKnowledgeDto,
  ): Promise<KnowledgeStatusResponse> {
    assertPracticeAccess(identity, practiceId);
    return this.startRun(practiceId, dto.urls);
  }

  /**
   * Starts a run of the chosen pages, or of the whole website when `pages` is undefined: what `process` does once
   * the caller's access is checked (sign-up from a demo starts one for the demo's pages).
   */
  async startRun(practiceId: string, pages: readonly string[] | undefined): Promise<KnowledgeStatusResponse> {
    const practice = await this.practices.practice(practiceId);
    const dto = { urls: pages };
    let urls: string[] = [];
    if (dto.urls) {
      const checked = checkPageUrls(dto.urls, practice?.website_url);
      if ('problem' in checked) {
        throw new KnowledgeException(KnowledgeExceptionCode.InvalidUrls, checked.problem);
      }
      urls = checked.urls;
    } else if (!websiteOf(practice?.website_url)) {
      throw new KnowledgeException(KnowledgeExceptionCode.InvalidUrls, KnowledgeMessages.noWebsite);
    }
    const scope = dto.urls ? 'urls' : 'all';
    const runId = randomUUID();

    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('knowledge-request'), hashtext($1))`, [
        practiceId,
      ]);
      const current = await manager.findOneBy(KnowledgeProcessing, { practice_id: practiceId });
      if (current?.status === 'processing' && !isStaleRun(current)) {
        throw new KnowledgeException(
          KnowledgeExceptionCode.AlreadyProcessing,
          KnowledgeMessages.alreadyProcessing,
        );
      }
      const [saved]: KnowledgeProcessing[] = await manager.query(
        `INSERT INTO "knowledge"."knowledge_processing"
           ("practice_id", "status", "run_id", "scope", "last_updated", "pages_found", "pages_processed",
            "pages_failed", "error")
         VALUES ($1, 'processing', $2, $3, now(), $4, 0, 0, NULL)
         ON CONFLICT ("practice_id") DO UPDATE SET "status" = 'processing', "run_id" = EXCLUDED."run_id",
           "scope" = EXCLUDED."scope", "last_updated" = EXCLUDED."last_updated",
           "pages_found" = EXCLUDED."pages_found", "pages_processed" = 0, "pages_failed" = 0, "error" = NULL
         RETURNING *`,
        [practiceId, runId, scope, urls.length],
      );
      if (scope === 'urls') {
        await manager.query(
          `INSERT INTO "knowledge"."knowledge_pages"
             ("page_id", "practice_id", "source_url", "page_title", "content_hash", "status", "last_updated")
           SELECT gen_random_uuid(), $1, url, NULL, '', 'pending', now() FROM unnest($2::text[]) AS url
           ON CONFLICT ("practice_id", "source_url") DO UPDATE SET "status" = 'pending', "error" = NULL`,
          [practiceId, urls],
        );
      } else {
        await manager.query(
          `UPDATE "knowledge"."knowledge_pages" SET "status" = 'pending', "error" = NULL WHERE "practice_id" = $1`,
          [practiceId],
        );
      }
      return saved;
    });

    try {
      await this.queue.enqueue({ practice_id: practiceId, run_id: runId, scope, urls });
    } catch (error) {
      this.logger.warn(
        `could not enqueue knowledge run ${runId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.abandon(practiceId, runId);
      throw new KnowledgeException(
        KnowledgeExceptionCode.QueueUnavailable,
        KnowledgeMessages.queueUnavailable,
      );
    }
    return toStatus(practiceId, { ...row, last_updated: new Date(row.last_updated) });
  }

  /**
   * Deletes `{delete_all: true}`, `{urls}` or `?ids=` chunk ids (exactly one of them). Chunk ids that are
   * not the practice's (another practice's, or unknown) are left alone and not counted; a page left without
   * chunks is deleted with them. Announces knowledge_updated when anything was deleted.
   */
  async delete(
    identity: Identity,
    practiceId: string,
    dto: DeleteKnowledgeDto | undefined,
    query: DeleteKnowledgeQuery,
  ): Promise<KnowledgeDeleteResponse> {
    assertPracticeAccess(identity, practiceId);
    const ids = query.ids?.trim() ? parseIds(query.ids) : null;
    const chosen = [ids !== null, dto?.delete_all !== undefined, dto?.urls !== undefined].filter(Boolean);
    if (chosen.length !== 1) {
      throw new KnowledgeException(KnowledgeExceptionCode.InvalidDelete, KnowledgeMessages.deleteWhat);
    }
    if (dto?.delete_all === false) {
      throw new KnowledgeException(KnowledgeExceptionCode.InvalidDelete, KnowledgeMessages.deleteAllTrue);
    }

    return this.dataSource.transaction(async (manager) => {
      let deleted: KnowledgeDeleteResponse;
      let urls: string[] = [];
      if (ids) {
        const chunks = returnedRows<{ page_id: string; source_url: string }>(
          await manager.query(
            `DELETE FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1 AND "chunk_id" = ANY($2::uuid[])
           RETURNING "page_id", "source_url"`,
            [practiceId, ids],
          ),
        );
        const pageIds = [...new Set(chunks.map((chunk) => chunk.page_id))];
        const pages = returnedRows(
          await manager.query(
            `DELETE FROM "knowledge"."knowledge_pages" p WHERE p."page_id" = ANY($1::uuid[])
             AND p."status" <> 'pending'
             AND NOT EXISTS (SELECT 1 FROM "knowledge"."knowledge_chunks" c WHERE c."page_id" = p."page_id")
           RETURNING 1`,
            [pageIds],
          ),
        );
        urls = [...new Set(chunks.map((chunk) => chunk.source_url))];
        deleted = { deleted_entries: pages.length, deleted_chunks: chunks.length };
      } else {
        const targets = dto?.urls ? dto.urls.flatMap(urlForms) : null;
        const pages = returnedRows<{ source_url: string; chunks: number }>(
          await manager.query(
            `DELETE FROM "knowledge"."knowledge_pages" p WHERE p."practice_id" = $1
             AND ($2::text[] IS NULL OR p."source_url" = ANY($2::text[]))
           RETURNING p."source_url",
             (SELECT count(*)::int FROM "knowledge"."knowledge_chunks" c WHERE c."page_id" = p."page_id") AS chunks`,
            [practiceId, targets],
          ),
        );
        urls = dto?.urls ? pages.map((page) => page.source_url) : [];
        deleted = {
          deleted_entries: pages.length,
          deleted_chunks: pages.reduce((sum, page) => sum + page.chunks, 0),
        };
      }
      if (deleted.deleted_entries > 0 || deleted.deleted_chunks > 0) {
        await this.store.publishUpdated(manager, practiceId, urls);
      }
      return deleted;
    });
  }

  /** A run whose job never reached the queue: failed, and its pages back as they were. */
  private async abandon(practiceId: string, runId: string): Promise<void> {
    await this.dataSource
      .transaction(async (manager) => {
        await manager.query(
          `UPDATE "knowledge"."knowledge_processing" SET "status" = 'failed', "error" = $3, "last_updated" = now()
            WHERE "practice_id" = $1 AND "run_id" = $2`,
          [practiceId, runId, KnowledgeMessages.queueUnavailable],
        );
        await manager.query(
          `UPDATE "knowledge"."knowledge_pages"
              SET "status" = CASE WHEN "content_hash" = '' THEN 'failed' ELSE 'ready' END
            WHERE "practice_id" = $1 AND "status" = 'pending'`,
          [practiceId],
        );
      })
      .catch((error: unknown) => this.logger.warn(`could not mark run ${runId} failed: ${String(error)}`));
  }
}

/** `?ids=a,b,c` as chunk ids; 422 when one is not an id. */
function parseIds(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > MAX_DELETE_IDS) {
    throw new KnowledgeException(KnowledgeExceptionCode.InvalidDelete, KnowledgeMessages.tooManyIds);
  }
  if (!ids.every((id) => UUID.test(id))) {
    throw new KnowledgeException(KnowledgeExceptionCode.InvalidDelete, KnowledgeMessages.badIds);
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** A URL to delete as given and as stored (without its fragment). */
function urlForms(text: string): string[] {
  try {
    return [text, normalisePageUrl(new URL(text.trim()))];
  } catch {
    return [text];
  }
}
