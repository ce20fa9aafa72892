import { createHash } from 'node:crypto';
/**
 * crawlSite: a polite, bounded, SSRF-safe crawl of one practice website (README.md). Breadth first from the start
 * page and the sitemap's pages, same site only, robots.txt honoured, within a page budget, a link depth, a
 * per-request and a total time limit and a per-response size cap.
 */
import { CrawlError, type CrawlFailureCode } from './crawl-error';
import { extractPage, type PageContact, type PageMeta } from './extract';
import { RobotsCache } from './robots';
import { decodeBody, formatSeconds, SafeFetcher } from './safe-fetch';
import { parseSitemap } from './sitemap';
import { checkUrlShape, normaliseAllowedHosts, type HostResolver } from './url-safety';
import { isHtmlType, looksLikeFile, normaliseUrl, pageKey, sameSite } from './urls';

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
  /** What the page's head says of itself (description, og:site_name, og:title, og:description). */
  meta: PageMeta;
  /**
   * Contact details the readable text leaves out (header, footer, navigation): tel: and mailto: targets, the text
   * of <address> elements, the footer's text and booking links (PageContact).
   */
  contact: PageContact;
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

export const CRAWL_DEFAULTS = {
  maxPages: 50,
  maxDepth: 3,
  requestTimeoutMs: 10_000,
  totalTimeoutMs: 120_000,
  maxBytes: 2 * 1024 * 1024,
  concurrency: 4,
  userAgent: 'PracticePilotBot/1.0 (+https://practicepilot.example/bot)',
} as const;

/** Sitemap files read at most per crawl (indexes included). */
const MAX_SITEMAPS = 20;
/** Skipped links reported at most. */
const MAX_SKIPPED = 200;

const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';

interface QueueItem {
  url: URL;
  depth: number;
  /** Asked for by the caller (urls option or start page): a refusal is a failure, not a skip. */
  explicit: boolean;
  /** The start page: it may redirect to another domain, which then becomes the site crawled. */
  isStart?: boolean;
}

function positiveInt(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}`);
  }
  return value;
}

/** Crawls one practice website. Rejects with UnsafeUrlError when startUrl itself is refused by checkUrlShape. */
export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const maxPages = positiveInt('maxPages', options.maxPages, CRAWL_DEFAULTS.maxPages);
  const maxDepth = positiveInt('maxDepth', options.maxDepth, CRAWL_DEFAULTS.maxDepth, 0);
  const requestTimeoutMs = positiveInt(
    'requestTimeoutMs',
    options.requestTimeoutMs,
    CRAWL_DEFAULTS.requestTimeoutMs,
  );
  const totalTimeoutMs = positiveInt('totalTimeoutMs', options.totalTimeoutMs, CRAWL_DEFAULTS.totalTimeoutMs);
  const maxBytes = positiveInt('maxBytes', options.maxBytes, CRAWL_DEFAULTS.maxBytes);
  const concurrency = positiveInt('concurrency', options.concurrency, CRAWL_DEFAULTS.concurrency);
  const userAgent = options.userAgent?.trim() || CRAWL_DEFAULTS.userAgent;
  const allowedHosts = normaliseAllowedHosts(options.allowedHosts);
  const start = normaliseUrl(checkUrlShape(options.startUrl, allowedHosts));
  /** The site crawled: the start URL's, or the one its start page redirects to (a practice's new domain). */
  let site = start;

  const controller = new AbortController();
  const signal = controller.signal;
  const totalTimer = setTimeout(
    () =>
      controller.abort(
        new CrawlError(
          'time_limit',
          `The crawl's time limit (${formatSeconds(totalTimeoutMs)}) was reached.`,
        ),
      ),
    totalTimeoutMs,
  );
  const onCallerAbort = () => controller.abort(new CrawlError('aborted', 'The crawl was stopped.'));
  if (options.signal?.aborted) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const fetcher = new SafeFetcher({ allowedHosts, userAgent, concurrency, resolve: options.lookup });
  const robots = new RobotsCache(fetcher, userAgent, requestTimeoutMs, signal);
  const result: CrawlResult = { pages: [], failures: [], skipped: [] };
  const queue: QueueItem[][] = [];
  const seen = new Set<string>();
  /** The address each stored page's content was first found at (title and text, hashed). */
  const contents = new Map<string, string>();
  const stored = new Set<string>();
  let queued = 0;
  let found = 0;
  let started = 0;
  let processed = 0;
  let progressChain: Promise<void> = Promise.resolve();

  const progress = () => {
    if (!options.onProgress) return;
    const snapshot: CrawlProgress = { found, processed, failed: result.failures.length };
    progressChain = progressChain.then(() => options.onProgress!(snapshot)).catch(() => undefined);
  };
  const skip = (url: URL | string, reason: string, code: CrawlFailureCode) => {
    if (result.skipped.length < MAX_SKIPPED) result.skipped.push({ url: String(url), reason, code });
  };
  const fail = (url: URL | string, error: CrawlError) => {
    result.failures.push({ url: String(url), reason: error.message, code: error.code });
  };
  const stopCode = () => (signal.reason instanceof CrawlError ? signal.reason.code : 'aborted');

  /** Queues a page unless seen, off-site, a file, or disallowed by an already-read robots.txt. */
  const enqueue = (raw: string | URL, depth: number, explicit: boolean) => {
    let url: URL;
    try {
      url = normaliseUrl(raw);
    } catch {
      if (explicit) fail(String(raw), new CrawlError('unsafe_url', 'This is not a valid web address.'));
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      if (explicit) fail(url, new CrawlError('unsafe_url', 'Only http and https addresses can be crawled.'));
      return;
    }
    const key = pageKey(url);
    if (seen.has(key)) return;
    if (!sameSite(url, site)) {
      if (explicit) {
        seen.add(key);
        fail(url, new CrawlError('off_site', "This page is not on the practice's website."));
      }
      return;
    }
    seen.add(key);
    if (looksLikeFile(url)) {
      if (explicit) fail(url, new CrawlError('not_html', 'This is a file, not a web page.'));
      else skip(url, 'A file, not a web page.', 'not_html');
      return;
    }
    const known = robots.known(url);
    const refusal = known && robots.refusal(known, url);
    if (refusal && known.kind === 'rules') {
      if (explicit) fail(url, new CrawlError('robots', refusal));
      else skip(url, refusal, 'robots');
      return;
    }
    (queue[depth] ??= []).push({ url, depth, explicit, isStart: depth === 0 && !options.urls });
    queued++;
    found++;
  };

  const next = (): QueueItem | undefined => {
    for (const level of queue) {
      if (level?.length) {
        queued--;
        return level.shift();
      }
    }
    return undefined;
  };

  const processPage = async (item: QueueItem) => {
    try {
      const response = await fetcher.get(item.url, {
        accept: HTML_ACCEPT,
        maxBytes,
        timeoutMs: requestTimeoutMs,
        signal,
        wantBody: isHtmlType,
        checkHop: async (hop) => {
          if (!item.isStart && !sameSite(hop, site)) {
            throw new CrawlError('off_site', `The page redirected to another website (${hop.hostname}).`);
          }
          await robots.check(hop);
        },
      });
      if (response.body === null) {
        skip(item.url, `Not a web page (${response.contentType}).`, 'not_html');
        return;
      }
      const finalUrl = normaliseUrl(response.url);
      if (item.isStart && !sameSite(finalUrl, site)) site = finalUrl;
      const finalKey = pageKey(finalUrl);
      seen.add(finalKey);
      if (stored.has(finalKey)) return;
      stored.add(finalKey);
      const extracted = extractPage(decodeBody(response.body, response.charset), finalUrl.toString());
      // One page under two addresses ('/' and '/index.html', a print view): kept once, under the first found.
      // A page asked for by its address is kept whatever it holds.
      const content = createHash('sha256')
        .update(`${extracted.title ?? ''}\n${extracted.text}`)
        .digest('hex');
      const first = contents.get(content);
      if (first && !item.explicit && extracted.text.trim()) {
        skip(finalUrl, `The same page as ${first}.`, 'duplicate');
        return;
      }
      if (!first) contents.set(content, finalUrl.toString());
      result.pages.push({
        url: finalUrl.toString(),
        title: extracted.title,
        text: extracted.text,
        headings: extracted.headings,
        structuredData: extracted.structuredData,
        meta: extracted.meta,
        contact: extracted.contact,
        fetchedAt: new Date(),
      });
      if (!options.urls && item.depth < maxDepth) {
        for (const link of extracted.links) enqueue(link, item.depth + 1, false);
      }
    } catch (err) {
      const error = CrawlError.from(err);
      if (signal.aborted && (error.code === 'time_limit' || error.code === 'aborted')) return;
      if (error.code === 'robots' && !item.explicit) skip(item.url, error.message, 'robots');
      else fail(item.url, error);
    } finally {
      processed++;
      progress();
    }
  };

  /** Page URLs of the sitemaps named in robots.txt and of /sitemap.xml, indexes followed. */
  const sitemapPages = async (): Promise<string[]> => {
    const verdict = await robots.verdict(site);
    // Sitemaps robots.txt names are read; the conventional /sitemap.xml only when robots.txt allows it.
    const todo = verdict.kind === 'rules' ? verdict.robots.getSitemaps() : [];
    const conventional = new URL('/sitemap.xml', site.origin);
    if (!robots.refusal(verdict, conventional)) todo.push(conventional.toString());
    const visited = new Set<string>();
    const pages: string[] = [];
    const maxSitemapPages = Math.max(1000, maxPages * 10);
    while (todo.length && visited.size < MAX_SITEMAPS && pages.length < maxSitemapPages && !signal.aborted) {
      const raw = todo.shift()!;
      let url: URL;
      try {
        url = normaliseUrl(raw);
      } catch {
        continue;
      }
      if (visited.has(url.toString()) || !sameSite(url, site)) continue;
      visited.add(url.toString());
      try {
        const response = await fetcher.get(url, {
          accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
          maxBytes,
          timeoutMs: requestTimeoutMs,
          signal,
          checkHop: (hop) => {
            if (!sameSite(hop, site)) throw new CrawlError('off_site', 'The sitemap is on another website.');
          },
        });
        const parsed = parseSitemap(response.body ?? Buffer.alloc(0), maxBytes);
        pages.push(...parsed.pages.slice(0, maxSitemapPages - pages.length));
        todo.push(...parsed.sitemaps);
      } catch (err) {
        const error = CrawlError.from(err);
        // A sitemap is a hint: a missing or broken one is no failure, but an unsafe address or a stop is.
        if (error.code === 'unsafe_url' || signal.aborted) throw error;
      }
    }
    return pages;
  };

  try {
    try {
      const verdict = await robots.verdict(start);
      if (verdict.kind === 'unavailable') {
        fail(start, new CrawlError('robots', verdict.reason));
        return result;
      }
      progress();
      if (options.urls) {
        for (const url of options.urls) enqueue(url, 0, true);
      } else {
        // The start page first: where it redirects decides the site whose sitemap is read.
        enqueue(start, 0, true);
        const first = next();
        if (first) {
          started++;
          await processPage(first);
          if (result.failures.some((f) => f.code === 'unsafe_url')) return result;
        }
        if (maxDepth >= 1 && !signal.aborted) for (const url of await sitemapPages()) enqueue(url, 1, false);
      }
    } catch (err) {
      const error = CrawlError.from(err);
      if (!signal.aborted) fail(start, error);
      return result;
    }

    await new Promise<void>((done) => {
      let active = 0;
      const pump = () => {
        while (!signal.aborted && active < concurrency && started < maxPages) {
          const item = next();
          if (!item) break;
          started++;
          active++;
          void processPage(item).finally(() => {
            active--;
            pump();
          });
        }
        if (active === 0) done();
      };
      pump();
    });
    return result;
  } finally {
    if (signal.aborted) {
      const code = stopCode();
      result.stoppedBy = code === 'time_limit' ? 'time_limit' : 'aborted';
    } else if (queued > 0 && started >= maxPages) {
      result.stoppedBy = 'page_budget';
    }
    clearTimeout(totalTimer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    fetcher.close();
    await progressChain;
  }
}
