/**
 * crawlSite: a polite, bounded, SSRF-safe crawl of one practice website (README.md). Breadth first from the start
 * page and the sitemap's pages, same site only, robots.txt honoured, within a page budget, a link depth, a
 * per-request and a total time limit and a per-response size cap.
 */
import { type CrawlFailureCode } from './crawl-error';
import { type HostResolver } from './url-safety';
export interface CrawlOptions {
    /** The practice's website (http/https only). */
    startUrl: string;
    /** When given: fetch exactly these pages (same site), follow no links, read no sitemap. */
    urls?: string[];
    /** CRAWL_ALLOWED_HOSTS entries, lower-cased 'host:port', exempt from the private-address rule. */
    allowedHosts?: string[];
    /** Pages fetched at most (default 50). */
    maxPages?: number;
    /** Link hops from the start page (default 3); sitemap pages count as one hop. */
    maxDepth?: number;
    /** Per request, redirects included (default 10 s). */
    requestTimeoutMs?: number;
    /** For the whole crawl (default 120 s). */
    totalTimeoutMs?: number;
    /** Per response, after decompression (default 2 MiB): reading stops past it and the page fails. */
    maxBytes?: number;
    /** Requests at once (default 4). */
    concurrency?: number;
    userAgent?: string;
    signal?: AbortSignal;
    onProgress?: (progress: CrawlProgress) => void | Promise<void>;
    /**
     * Resolves host names (default: the system resolver, all addresses). Called by the connecting socket itself,
     * and every address it returns is checked there; tests use it to simulate DNS answers.
     */
    lookup?: HostResolver;
}
export interface CrawlProgress {
    /** Pages known so far (queued, fetched or failed). */
    found: number;
    /** Pages fetched or failed. */
    processed: number;
    failed: number;
}
export interface CrawledPage {
    /** Final URL after redirects, normalised (no fragment, no tracking parameters). */
    url: string;
    title: string | null;
    /** Main readable text, paragraphs separated by blank lines. */
    text: string;
    headings: string[];
    /** Parsed JSON-LD blocks, one entry per <script type="application/ld+json">, as published. */
    structuredData: unknown[];
    fetchedAt: Date;
}
export interface CrawlFailure {
    url: string;
    /** Safe to show staff: no stack trace, no internal detail. */
    reason: string;
    code?: CrawlFailureCode;
}
export interface CrawlResult {
    pages: CrawledPage[];
    failures: CrawlFailure[];
    /** Links seen but not fetched: files that are not pages (PDFs, images), pages robots.txt disallows. */
    skipped: CrawlFailure[];
    stoppedBy?: 'page_budget' | 'time_limit' | 'aborted';
}
export declare const CRAWL_DEFAULTS: {
    readonly maxPages: 50;
    readonly maxDepth: 3;
    readonly requestTimeoutMs: 10000;
    readonly totalTimeoutMs: 120000;
    readonly maxBytes: number;
    readonly concurrency: 4;
    readonly userAgent: "PracticePilotBot/1.0 (+https://practicepilot.example/bot)";
};
/** Crawls one practice website. Rejects with UnsafeUrlError when startUrl itself is refused by checkUrlShape. */
export declare function crawlSite(options: CrawlOptions): Promise<CrawlResult>;
