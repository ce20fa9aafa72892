/**
 * robots.txt per origin, parsed with robots-parser and matched for the crawler's user agent. A missing robots.txt
 * (any 4xx) allows everything; a 5xx, 429 or an unreachable robots.txt means crawl nothing on that origin.
 */
import robotsParser from 'robots-parser';
import type { SafeFetcher } from './safe-fetch';
type Robots = ReturnType<typeof robotsParser>;
export type RobotsVerdict = {
    kind: 'rules';
    robots: Robots;
} | {
    kind: 'unavailable';
    reason: string;
};
export declare class RobotsCache {
    private readonly fetcher;
    private readonly userAgent;
    private readonly timeoutMs;
    private readonly signal;
    private readonly pending;
    private readonly ready;
    constructor(fetcher: SafeFetcher, userAgent: string, timeoutMs: number, signal: AbortSignal);
    /** The verdict for the URL's origin, fetched once. Throws a CrawlError for an unsafe origin or a stopped crawl. */
    verdict(url: URL): Promise<RobotsVerdict>;
    /** The verdict when already known (no fetch). */
    known(url: URL): RobotsVerdict | undefined;
    /** Throws CrawlError('robots') when robots.txt forbids the URL or could not be read. */
    check(url: URL): Promise<void>;
    /** Why robots.txt forbids the URL, or null. */
    refusal(verdict: RobotsVerdict, url: URL): string | null;
    private load;
}
export {};
