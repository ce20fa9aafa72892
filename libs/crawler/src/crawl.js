"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CRAWL_DEFAULTS = void 0;
exports.crawlSite = crawlSite;
/**
 * crawlSite: a polite, bounded, SSRF-safe crawl of one practice website (README.md). Breadth first from the start
 * page and the sitemap's pages, same site only, robots.txt honoured, within a page budget, a link depth, a
 * per-request and a total time limit and a per-response size cap.
 */
const crawl_error_1 = require("./crawl-error");
const extract_1 = require("./extract");
const robots_1 = require("./robots");
const safe_fetch_1 = require("./safe-fetch");
const sitemap_1 = require("./sitemap");
const url_safety_1 = require("./url-safety");
const urls_1 = require("./urls");
exports.CRAWL_DEFAULTS = {
    maxPages: 50,
    maxDepth: 3,
    requestTimeoutMs: 10_000,
    totalTimeoutMs: 120_000,
    maxBytes: 2 * 1024 * 1024,
    concurrency: 4,
    userAgent: 'PracticePilotBot/1.0 (+https://practicepilot.example/bot)',
};
/** Sitemap files read at most per crawl (indexes included). */
const MAX_SITEMAPS = 20;
/** Skipped links reported at most. */
const MAX_SKIPPED = 200;
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1';
function positiveInt(name, value, fallback, min = 1) {
    if (value === undefined)
        return fallback;
    if (!Number.isInteger(value) || value < min) {
        throw new RangeError(`${name} must be an integer of at least ${min}`);
    }
    return value;
}
/** Crawls one practice website. Rejects with UnsafeUrlError when startUrl itself is refused by checkUrlShape. */
async function crawlSite(options) {
    const maxPages = positiveInt('maxPages', options.maxPages, exports.CRAWL_DEFAULTS.maxPages);
    const maxDepth = positiveInt('maxDepth', options.maxDepth, exports.CRAWL_DEFAULTS.maxDepth, 0);
    const requestTimeoutMs = positiveInt('requestTimeoutMs', options.requestTimeoutMs, exports.CRAWL_DEFAULTS.requestTimeoutMs);
    const totalTimeoutMs = positiveInt('totalTimeoutMs', options.totalTimeoutMs, exports.CRAWL_DEFAULTS.totalTimeoutMs);
    const maxBytes = positiveInt('maxBytes', options.maxBytes, exports.CRAWL_DEFAULTS.maxBytes);
    const concurrency = positiveInt('concurrency', options.concurrency, exports.CRAWL_DEFAULTS.concurrency);
    const userAgent = options.userAgent?.trim() || exports.CRAWL_DEFAULTS.userAgent;
    const allowedHosts = (0, url_safety_1.normaliseAllowedHosts)(options.allowedHosts);
    const start = (0, urls_1.normaliseUrl)((0, url_safety_1.checkUrlShape)(options.startUrl, allowedHosts));
    const controller = new AbortController();
    const signal = controller.signal;
    const totalTimer = setTimeout(() => controller.abort(new crawl_error_1.CrawlError('time_limit', `The crawl's time limit (${(0, safe_fetch_1.formatSeconds)(totalTimeoutMs)}) was reached.`)), totalTimeoutMs);
    const onCallerAbort = () => controller.abort(new crawl_error_1.CrawlError('aborted', 'The crawl was stopped.'));
    if (options.signal?.aborted)
        onCallerAbort();
    else
        options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const fetcher = new safe_fetch_1.SafeFetcher({ allowedHosts, userAgent, concurrency, resolve: options.lookup });
    const robots = new robots_1.RobotsCache(fetcher, userAgent, requestTimeoutMs, signal);
    const result = { pages: [], failures: [], skipped: [] };
    const queue = [];
    const seen = new Set();
    const stored = new Set();
    let queued = 0;
    let started = 0;
    let processed = 0;
    let progressChain = Promise.resolve();
    const progress = () => {
        if (!options.onProgress)
            return;
        const snapshot = { found: seen.size, processed, failed: result.failures.length };
        progressChain = progressChain.then(() => options.onProgress(snapshot)).catch(() => undefined);
    };
    const skip = (url, reason, code) => {
        if (result.skipped.length < MAX_SKIPPED)
            result.skipped.push({ url: String(url), reason, code });
    };
    const fail = (url, error) => {
        result.failures.push({ url: String(url), reason: error.message, code: error.code });
    };
    const stopCode = () => (signal.reason instanceof crawl_error_1.CrawlError ? signal.reason.code : 'aborted');
    /** Queues a page unless seen, off-site, a file, or disallowed by an already-read robots.txt. */
    const enqueue = (raw, depth, explicit) => {
        let url;
        try {
            url = (0, urls_1.normaliseUrl)(raw);
        }
        catch {
            return;
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return;
        const key = (0, urls_1.pageKey)(url);
        if (seen.has(key))
            return;
        if (!(0, urls_1.sameSite)(url, start)) {
            if (explicit) {
                seen.add(key);
                fail(url, new crawl_error_1.CrawlError('off_site', "This page is not on the practice's website."));
            }
            return;
        }
        seen.add(key);
        if ((0, urls_1.looksLikeFile)(url)) {
            if (explicit)
                fail(url, new crawl_error_1.CrawlError('not_html', 'This is a file, not a web page.'));
            else
                skip(url, 'A file, not a web page.', 'not_html');
            return;
        }
        const known = robots.known(url);
        const refusal = known && robots.refusal(known, url);
        if (refusal && known.kind === 'rules') {
            if (explicit)
                fail(url, new crawl_error_1.CrawlError('robots', refusal));
            else
                skip(url, refusal, 'robots');
            return;
        }
        (queue[depth] ??= []).push({ url, depth, explicit });
        queued++;
    };
    const next = () => {
        for (const level of queue) {
            if (level?.length) {
                queued--;
                return level.shift();
            }
        }
        return undefined;
    };
    const processPage = async (item) => {
        try {
            const response = await fetcher.get(item.url, {
                accept: HTML_ACCEPT,
                maxBytes,
                timeoutMs: requestTimeoutMs,
                signal,
                wantBody: urls_1.isHtmlType,
                checkHop: async (hop) => {
                    if (!(0, urls_1.sameSite)(hop, start)) {
                        throw new crawl_error_1.CrawlError('off_site', `The page redirected to another website (${hop.hostname}).`);
                    }
                    await robots.check(hop);
                },
            });
            if (response.body === null) {
                skip(item.url, `Not a web page (${response.contentType}).`, 'not_html');
                return;
            }
            const finalUrl = (0, urls_1.normaliseUrl)(response.url);
            const finalKey = (0, urls_1.pageKey)(finalUrl);
            seen.add(finalKey);
            if (stored.has(finalKey))
                return;
            stored.add(finalKey);
            const extracted = (0, extract_1.extractPage)((0, safe_fetch_1.decodeBody)(response.body, response.charset), finalUrl.toString());
            result.pages.push({
                url: finalUrl.toString(),
                title: extracted.title,
                text: extracted.text,
                headings: extracted.headings,
                structuredData: extracted.structuredData,
                fetchedAt: new Date(),
            });
            if (!options.urls && item.depth < maxDepth) {
                for (const link of extracted.links)
                    enqueue(link, item.depth + 1, false);
            }
        }
        catch (err) {
            const error = crawl_error_1.CrawlError.from(err);
            if (signal.aborted && (error.code === 'time_limit' || error.code === 'aborted'))
                return;
            if (error.code === 'robots' && !item.explicit)
                skip(item.url, error.message, 'robots');
            else
                fail(item.url, error);
        }
        finally {
            processed++;
            progress();
        }
    };
    /** Page URLs of the sitemaps named in robots.txt and of /sitemap.xml, indexes followed. */
    const sitemapPages = async () => {
        const verdict = await robots.verdict(start);
        const candidates = [
            ...(verdict.kind === 'rules' ? verdict.robots.getSitemaps() : []),
            new URL('/sitemap.xml', start.origin).toString(),
        ];
        const todo = [];
        const visited = new Set();
        for (const candidate of candidates)
            todo.push(candidate);
        const pages = [];
        while (todo.length && visited.size < MAX_SITEMAPS && !signal.aborted) {
            const raw = todo.shift();
            let url;
            try {
                url = (0, urls_1.normaliseUrl)(raw);
            }
            catch {
                continue;
            }
            if (visited.has(url.toString()) || !(0, urls_1.sameSite)(url, start))
                continue;
            visited.add(url.toString());
            try {
                const response = await fetcher.get(url, {
                    accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
                    maxBytes,
                    timeoutMs: requestTimeoutMs,
                    signal,
                    checkHop: (hop) => {
                        if (!(0, urls_1.sameSite)(hop, start))
                            throw new crawl_error_1.CrawlError('off_site', 'The sitemap is on another website.');
                    },
                });
                const parsed = (0, sitemap_1.parseSitemap)(response.body ?? Buffer.alloc(0), maxBytes);
                pages.push(...parsed.pages);
                todo.push(...parsed.sitemaps);
            }
            catch (err) {
                const error = crawl_error_1.CrawlError.from(err);
                // A sitemap is a hint: a missing or broken one is no failure, but an unsafe address or a stop is.
                if (error.code === 'unsafe_url' || signal.aborted)
                    throw error;
            }
        }
        return pages;
    };
    try {
        try {
            const verdict = await robots.verdict(start);
            if (verdict.kind === 'unavailable') {
                fail(start, new crawl_error_1.CrawlError('robots', verdict.reason));
                return result;
            }
            if (options.urls) {
                for (const url of options.urls)
                    enqueue(url, 0, true);
            }
            else {
                enqueue(start, 0, true);
                if (maxDepth >= 1)
                    for (const url of await sitemapPages())
                        enqueue(url, 1, false);
            }
        }
        catch (err) {
            const error = crawl_error_1.CrawlError.from(err);
            if (!signal.aborted)
                fail(start, error);
            return result;
        }
        progress();
        await new Promise((done) => {
            let active = 0;
            const pump = () => {
                while (!signal.aborted && active < concurrency && started < maxPages) {
                    const item = next();
                    if (!item)
                        break;
                    started++;
                    active++;
                    void processPage(item).finally(() => {
                        active--;
                        pump();
                    });
                }
                if (active === 0)
                    done();
            };
            pump();
        });
        return result;
    }
    finally {
        if (signal.aborted) {
            const code = stopCode();
            result.stoppedBy = code === 'time_limit' ? 'time_limit' : 'aborted';
        }
        else if (queued > 0 && started >= maxPages) {
            result.stoppedBy = 'page_budget';
        }
        clearTimeout(totalTimer);
        options.signal?.removeEventListener('abort', onCallerAbort);
        fetcher.close();
        await progressChain;
    }
}
//# sourceMappingURL=crawl.js.map