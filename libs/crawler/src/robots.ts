/**
 * robots.txt per origin, parsed with robots-parser and matched for the crawler's user agent. A missing robots.txt
 * (any 4xx) allows everything; a 5xx, 429 or an unreachable robots.txt means crawl nothing on that origin.
 */
import robotsParser from 'robots-parser';
import { CrawlError } from './crawl-error';
import type { SafeFetcher } from './safe-fetch';
import { sameSite } from './urls';

type Robots = ReturnType<typeof robotsParser>;

/** 500 KiB, the size Google reads of a robots.txt. */
const MAX_ROBOTS_BYTES = 500 * 1024;

/** Why a page was not read when robots.txt forbids it (a caller may tell it from robots.txt being unreadable). */
export const ROBOTS_DISALLOWED = "The website's robots.txt does not allow this page to be crawled.";

export type RobotsVerdict = { kind: 'rules'; robots: Robots } | { kind: 'unavailable'; reason: string };

export class RobotsCache {
  private readonly pending = new Map<string, Promise<RobotsVerdict>>();
  private readonly ready = new Map<string, RobotsVerdict>();

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly userAgent: string,
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal,
  ) {}

  /** The verdict for the URL's origin, fetched once. Throws a CrawlError for an unsafe origin or a stopped crawl. */
  verdict(url: URL): Promise<RobotsVerdict> {
    let found = this.pending.get(url.origin);
    if (!found) {
      found = this.load(url);
      this.pending.set(url.origin, found);
      found.then((v) => this.ready.set(url.origin, v)).catch(() => undefined);
    }
    return found;
  }

  /** The verdict when already known (no fetch). */
  known(url: URL): RobotsVerdict | undefined {
    return this.ready.get(url.origin);
  }

  /** Throws CrawlError('robots') when robots.txt forbids the URL or could not be read. */
  async check(url: URL): Promise<void> {
    const verdict = await this.verdict(url);
    const refusal = this.refusal(verdict, url);
    if (refusal) throw new CrawlError('robots', refusal);
  }

  /** Why robots.txt forbids the URL, or null. */
  refusal(verdict: RobotsVerdict, url: URL): string | null {
    if (verdict.kind === 'unavailable') return verdict.reason;
    return verdict.robots.isAllowed(url.toString(), this.userAgent) === false ? ROBOTS_DISALLOWED : null;
  }

  private async load(url: URL): Promise<RobotsVerdict> {
    const robotsUrl = new URL('/robots.txt', url.origin);
    try {
      const response = await this.fetcher.get(robotsUrl, {
        accept: 'text/plain,*/*;q=0.5',
        maxBytes: MAX_ROBOTS_BYTES,
        timeoutMs: this.timeoutMs,
        signal: this.signal,
        checkHop: (hop) => {
          if (!sameSite(hop, url))
            throw new CrawlError('off_site', 'robots.txt redirected to another website.');
        },
      });
      return {
        kind: 'rules',
        robots: robotsParser(robotsUrl.toString(), response.body?.toString('utf8') ?? ''),
      };
    } catch (err) {
      const error = CrawlError.from(err);
      if (error.code === 'unsafe_url' || error.code === 'time_limit' || error.code === 'aborted') throw error;
      if (
        error.code === 'off_site' ||
        (error.status && error.status >= 400 && error.status < 500 && error.status !== 429)
      ) {
        return { kind: 'rules', robots: robotsParser(robotsUrl.toString(), '') };
      }
      if (error.code === 'too_large') {
        return {
          kind: 'unavailable',
          reason: "The website's robots.txt is too large to read, so no page was crawled.",
        };
      }
      return {
        kind: 'unavailable',
        reason: `The website's robots.txt could not be read, so no page was crawled: ${error.message}`,
      };
    }
  }
}
