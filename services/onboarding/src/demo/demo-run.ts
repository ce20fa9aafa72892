import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  crawlSite,
  ROBOTS_DISALLOWED,
  type CrawledPage,
  type CrawlFailure,
  type CrawlResult,
  UnsafeUrlError,
} from '@pp/crawler';
import { CONFIG } from '@pp/platform';
import { OnboardingConfig } from '../config';
import { type Extraction, extractPractice } from '../extraction/extract-practice';
import { pagesForModel, withModelFacts } from '../extraction/model-facts';
import {
  PRACTICE_FACTS_MODEL,
  PRACTICE_FACTS_TIMEOUT_MS,
  type PracticeFactsModel,
} from './practice-facts-model';
import { DemoMessages } from './demo.exception';
import { DemoQueue } from './demo-queue';
import { DemoStore } from './demo-store';

/**
 * A demo reads at most this many pages, this deep from the home page, within this time: enough for a practice's
 * services, team and contact pages, and a prospect waits well under a minute.
 */
export const DEMO_CRAWL = { maxPages: 30, maxDepth: 3, totalTimeoutMs: 45_000 } as const;
/** Progress is written at most this often (ms). */
const PROGRESS_EVERY_MS = 500;

/**
 * The worker's two steps of a demo (the `crawl` queue): crawl the website and keep its pages (status crawling,
 * progress as pages are found and read), then extract the practice's facts from them (processing → ready). A
 * failure ends the session `failed` with a message a prospect understands.
 */
@Injectable()
export class DemoRun {
  private readonly logger = new Logger(DemoRun.name);

  constructor(
    private readonly store: DemoStore,
    private readonly queue: DemoQueue,
    @Inject(CONFIG) private readonly config: OnboardingConfig,
    @Optional() @Inject(PRACTICE_FACTS_MODEL) private readonly facts: PracticeFactsModel | null = null,
  ) {}

  async crawl(sessionId: string): Promise<string> {
    return this.guarded(sessionId, async () => {
      if (!(await this.store.advance(sessionId, ['initiated'], 'crawling'))) return 'not current';
      const session = await this.store.live(sessionId);
      if (!session) return 'expired';
      const website = new URL(session.website_url);
      let lastWrite = 0;
      let writing = Promise.resolve();
      let result: CrawlResult;
      try {
        result = await crawlSite({
          startUrl: session.website_url,
          ...DEMO_CRAWL,
          allowedHosts: this.config.CRAWL_ALLOWED_HOSTS,
          onProgress: ({ found, processed }) => {
            const now = Date.now();
            if (now - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = now;
            writing = writing
              .then(() => this.store.progress(sessionId, found, processed))
              .catch((error: unknown) => this.logger.warn(`demo ${sessionId} progress: ${String(error)}`));
          },
        });
      } catch (error) {
        if (!(error instanceof UnsafeUrlError)) throw error;
        await writing;
        await this.store.fail(sessionId, error.message);
        return 'refused';
      }
      await writing;
      await this.store.progress(
        sessionId,
        result.pages.length + result.failures.length,
        result.pages.length + result.failures.length,
      );
      if (result.pages.length === 0) {
        await this.store.fail(sessionId, failureMessage(website.host, result.failures));
        return 'nothing read';
      }
      await this.store.savePages(sessionId, result.pages);
      if (!(await this.store.advance(sessionId, ['crawling'], 'processing'))) return 'expired';
      await this.queue.extract(sessionId);
      return `${result.pages.length} pages`;
    });
  }

  async extract(sessionId: string): Promise<string> {
    return this.guarded(sessionId, async () => {
      const session = await this.store.live(sessionId);
      if (!session || session.status !== 'processing') return 'not current';
      const pages = await this.store.pages(sessionId);
      const extraction = await this.withModelFacts(
        sessionId,
        extractPractice(pages, session.website_url),
        pages,
      );
      return (await this.store.ready(sessionId, extraction)) ? 'ready' : 'not current';
    });
  }

  /**
   * The rules' extraction improved by the language model when one is configured: facts it reads on the pages,
   * kept only where the page it cites says them (model-facts.ts). A model that fails, is late or answers out of
   * shape changes nothing: the rules' extraction is the demo's.
   */
  private async withModelFacts(
    sessionId: string,
    extraction: Extraction,
    pages: readonly CrawledPage[],
  ): Promise<Extraction> {
    if (!this.facts || pages.length === 0) return extraction;
    const given = pagesForModel(pages);
    try {
      const facts = await this.facts.practiceFacts(given, {
        signal: AbortSignal.timeout(PRACTICE_FACTS_TIMEOUT_MS),
      });
      return withModelFacts(extraction, given, facts);
    } catch (error) {
      this.logger.warn(
        `demo ${sessionId}: the language model's facts were not used (${error instanceof Error ? error.message : 'failed'})`,
      );
      return extraction;
    }
  }

  /** Whatever fails, the session ends failed with a safe message rather than in progress for ever. */
  private async guarded(sessionId: string, step: () => Promise<string>): Promise<string> {
    try {
      return await step();
    } catch (error) {
      this.logger.error(
        `demo ${sessionId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.store
        .fail(sessionId, DemoMessages.failed.internal)
        .catch((failError: unknown) =>
          this.logger.error(`demo ${sessionId} not marked failed: ${String(failError)}`),
        );
      return 'failed';
    }
  }
}

/** Why nothing could be read, from the start page's failure (the first one the crawler reports). */
export function failureMessage(host: string, failures: readonly CrawlFailure[]): string {
  const first = failures[0];
  switch (first?.code) {
    case 'robots':
      // Forbidden by robots.txt, or robots.txt itself could not be read (the site refused us, say).
      return first.reason === ROBOTS_DISALLOWED
        ? DemoMessages.failed.robots(host)
        : DemoMessages.failed.unreachable(host, first.reason);
    case 'not_html':
      return DemoMessages.failed.notHtml(host);
    case 'time_limit':
    case 'timeout':
      return DemoMessages.failed.timeLimit(host);
    case 'unsafe_url':
    case 'network':
    case 'http_status':
    case 'redirect':
    case 'too_large':
    case 'off_site':
      return DemoMessages.failed.unreachable(host, first.reason);
    default:
      return DemoMessages.failed.nothingRead(host);
  }
}
