import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, PracticeReadModel, returnedRows } from '@pp/platform';
import { crawlSite, CrawlResult, UnsafeUrlError } from '@pp/crawler';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { KnowledgeConfig } from '../config';
import { ProcessKnowledgeJob, ProcessKnowledgeProgress } from './jobs/process-knowledge.job';
import { KnowledgeMessages } from './knowledge.exception';
import { KnowledgeStore } from './knowledge-store';
import { websiteOf } from './page-urls';

/** A full crawl reads at most this many pages of a website. */
export const MAX_PAGES_PER_SITE = 200;
/** ... and follows links at most this deep from the home page. */
export const MAX_CRAWL_DEPTH = 4;
/** The longest failure reason kept on a page. */
const MAX_ERROR_LENGTH = 300;

/** The lock that keeps two runs of one practice from crawling at once (a PostgreSQL advisory lock). */
const LOCK_SQL = `SELECT pg_try_advisory_lock(hashtext('knowledge-processing'), hashtext($1)) AS locked`;
const UNLOCK_SQL = `SELECT pg_advisory_unlock(hashtext('knowledge-processing'), hashtext($1))`;

/**
 * One processing run, as the `knowledge` queue's job executes it: crawl (the whole website, or the chosen
 * pages) within CRAWL_ALLOWED_HOSTS, save each page with its chunks in a transaction of its own (an unchanged
 * page keeps its chunks), report progress on the status row and the job, on a full run remove the pages no
 * longer on the site, and end ready (or failed with a safe message) with knowledge_updated in the outbox.
 */
@Injectable()
export class KnowledgeProcessingRun {
  private readonly logger = new Logger(KnowledgeProcessingRun.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: KnowledgeStore,
    private readonly practices: PracticeReadModel,
    @Inject(CONFIG) private readonly config: KnowledgeConfig,
  ) {}

  /** Runs the job; the answer says how it ended (kept as the job's return value). */
  async execute(
    job: ProcessKnowledgeJob,
    reportProgress: (progress: ProcessKnowledgeProgress) => Promise<unknown>,
  ): Promise<string> {
    try {
      return await this.executeLocked(job, reportProgress);
    } catch (error) {
      // Whatever failed (the lock's connection included), the run ends failed rather than processing forever.
      this.logger.error(
        `knowledge run ${job.run_id} of practice ${job.practice_id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.finish(job, 'failed', KnowledgeMessages.runFailed).catch((finishError: unknown) =>
        this.logger.error(`knowledge run ${job.run_id} could not be marked failed: ${String(finishError)}`),
      );
      return 'failed';
    }
  }

  private async executeLocked(
    job: ProcessKnowledgeJob,
    reportProgress: (progress: ProcessKnowledgeProgress) => Promise<unknown>,
  ): Promise<string> {
    const lock = this.dataSource.createQueryRunner();
    try {
      await lock.connect();
      const [{ locked }]: { locked: boolean }[] = await lock.query(LOCK_SQL, [job.practice_id]);
      if (!locked) {
        await this.finish(job, 'failed', KnowledgeMessages.alreadyRunning);
        return 'another run was going';
      }
      try {
        if (!(await this.isCurrent(job))) return 'superseded';
        return await this.crawlAndSave(job, reportProgress);
      } finally {
        await unlock(lock, job.practice_id);
      }
    } finally {
      await lock.release();
    }
  }

  private async crawlAndSave(
    job: ProcessKnowledgeJob,
    reportProgress: (progress: ProcessKnowledgeProgress) => Promise<unknown>,
  ): Promise<string> {
    const practice = await this.practices.practice(job.practice_id);
    const website = websiteOf(practice?.website_url);
    if (!website) {
      await this.finish(job, 'failed', KnowledgeMessages.noWebsite);
      return 'no website';
    }
    const progress: ProcessKnowledgeProgress = { found: 0, processed: 0, failed: 0 };
    let reporting = Promise.resolve();
    const report = () => {
      const snapshot = { ...progress };
      reporting = reporting
        .then(async () => {
          await this.dataSource.query(
            `UPDATE "knowledge"."knowledge_processing" SET "pages_found" = $3, "pages_processed" = $4,
               "pages_failed" = $5, "last_updated" = now() WHERE "practice_id" = $1 AND "run_id" = $2`,
            [job.practice_id, job.run_id, snapshot.found, snapshot.processed, snapshot.failed],
          );
          await reportProgress(snapshot);
        })
        .catch((error: unknown) =>
          this.logger.warn(`progress of run ${job.run_id} not recorded: ${String(error)}`),
        );
    };

    let result: CrawlResult;
    try {
      result = await crawlSite({
        startUrl: job.scope === 'all' ? website.href : job.urls[0],
        ...(job.scope === 'urls'
          ? { urls: job.urls, maxPages: job.urls.length }
          : { maxPages: MAX_PAGES_PER_SITE, maxDepth: MAX_CRAWL_DEPTH }),
        allowedHosts: this.config.CRAWL_ALLOWED_HOSTS,
        onProgress: ({ found, failed }) => {
          progress.found = Math.max(progress.found, found);
          progress.failed = failed;
          report();
        },
      });
    } catch (error) {
      // The website address itself is refused (not http(s), a private address): its message is safe to show.
      if (!(error instanceof UnsafeUrlError)) throw error;
      await reporting;
      await this.finish(job, 'failed', error.message.slice(0, MAX_ERROR_LENGTH), progress);
      return 'refused';
    }

    const seen = new Set<string>();
    for (const page of result.pages) {
      await this.store.savePage(
        job.practice_id,
        page.url,
        { title: page.title ?? null, text: page.text ?? '', headings: page.headings ?? [] },
        fetchedAt(page.fetchedAt),
      );
      seen.add(page.url);
      progress.processed++;
      progress.found = Math.max(progress.found, progress.processed + progress.failed);
      report();
    }
    progress.failed = result.failures.length;
    report();
    await reporting;

    const ok = result.pages.length > 0;
    await this.dataSource.transaction(async (manager) => {
      for (const failure of result.failures) {
        // A page we had (or was asked for) shows why it could not be read; a broken link found while
        // crawling does not become an entry.
        await manager.query(
          `UPDATE "knowledge"."knowledge_pages" SET "status" = 'failed', "error" = $3
            WHERE "practice_id" = $1 AND "source_url" = $2`,
          [job.practice_id, failure.url, safeReason(failure.reason)],
        );
        seen.add(failure.url);
      }
      if (job.scope === 'all' && ok && !result.stoppedBy) {
        // The site no longer has them. A crawl cut short by its page budget or time limit did not see the
        // whole site: it removes nothing.
        await manager.query(
          `DELETE FROM "knowledge"."knowledge_pages" WHERE "practice_id" = $1 AND NOT ("source_url" = ANY($2))`,
          [job.practice_id, [...seen]],
        );
      }
      await settlePending(manager, job.practice_id);
    });
    if (!ok) {
      await this.finish(job, 'failed', KnowledgeMessages.nothingRead(website.host), progress);
      return 'nothing read';
    }
    await this.finish(job, 'ready', null, progress);
    return `${result.pages.length} pages`;
  }

  private async isCurrent(job: ProcessKnowledgeJob): Promise<boolean> {
    const [row]: { run_id: string }[] = await this.dataSource.query(
      `SELECT "run_id" FROM "knowledge"."knowledge_processing" WHERE "practice_id" = $1`,
      [job.practice_id],
    );
    return row?.run_id === job.run_id;
  }

  /**
   * Ends the run (if it is still the practice's current one): the status, pending pages settled, and
   * knowledge_updated, in one transaction.
   */
  private async finish(
    job: ProcessKnowledgeJob,
    status: 'ready' | 'failed',
    error: string | null,
    progress?: ProcessKnowledgeProgress,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const updated = returnedRows(
        await manager.query(
          `UPDATE "knowledge"."knowledge_processing" SET "status" = $3, "error" = $4, "last_updated" = now(),
           "pages_found" = COALESCE($5, "pages_found"), "pages_processed" = COALESCE($6, "pages_processed"),
           "pages_failed" = COALESCE($7, "pages_failed")
          WHERE "practice_id" = $1 AND "run_id" = $2 RETURNING 1`,
          [
            job.practice_id,
            job.run_id,
            status,
            error,
            progress?.found ?? null,
            progress?.processed ?? null,
            progress?.failed ?? null,
          ],
        ),
      );
      if (updated.length === 0) return;
      await settlePending(manager, job.practice_id);
      await this.store.publishUpdated(manager, job.practice_id, job.scope === 'all' ? [] : job.urls);
    });
  }
}

/** Pages still pending when a run ends: ready again if they have content from before, else failed. */
async function settlePending(manager: EntityManager, practiceId: string): Promise<void> {
  await manager.query(
    `UPDATE "knowledge"."knowledge_pages"
        SET "status" = CASE WHEN "content_hash" = '' THEN 'failed' ELSE 'ready' END,
            "error" = CASE WHEN "content_hash" = '' THEN $2 ELSE NULL END
      WHERE "practice_id" = $1 AND "status" = 'pending'`,
    [practiceId, KnowledgeMessages.pageUnread],
  );
}

async function unlock(lock: QueryRunner, practiceId: string): Promise<void> {
  await lock.query(UNLOCK_SQL, [practiceId]).catch(() => undefined);
}

function fetchedAt(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value : Date.now());
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** A crawler's failure reason as a page shows it: one line, clipped, no control characters. */
function safeReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.replace(/[\u0000-\u001f]+/g, ' ').trim() : '';
  return (text || KnowledgeMessages.pageUnread).slice(0, MAX_ERROR_LENGTH);
}
