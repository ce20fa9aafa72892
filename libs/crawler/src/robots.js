"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.RobotsCache = void 0;
/**
 * robots.txt per origin, parsed with robots-parser and matched for the crawler's user agent. A missing robots.txt
 * (any 4xx) allows everything; a 5xx, 429 or an unreachable robots.txt means crawl nothing on that origin.
 */
const robots_parser_1 = __importDefault(require("robots-parser"));
const crawl_error_1 = require("./crawl-error");
const urls_1 = require("./urls");
/** 500 KiB, the size Google reads of a robots.txt. */
const MAX_ROBOTS_BYTES = 500 * 1024;
class RobotsCache {
    constructor(fetcher, userAgent, timeoutMs, signal) {
        this.fetcher = fetcher;
        this.userAgent = userAgent;
        this.timeoutMs = timeoutMs;
        this.signal = signal;
        this.pending = new Map();
        this.ready = new Map();
    }
    /** The verdict for the URL's origin, fetched once. Throws a CrawlError for an unsafe origin or a stopped crawl. */
    verdict(url) {
        let found = this.pending.get(url.origin);
        if (!found) {
            found = this.load(url);
            this.pending.set(url.origin, found);
            found.then((v) => this.ready.set(url.origin, v)).catch(() => undefined);
        }
        return found;
    }
    /** The verdict when already known (no fetch). */
    known(url) {
        return this.ready.get(url.origin);
    }
    /** Throws CrawlError('robots') when robots.txt forbids the URL or could not be read. */
    async check(url) {
        const verdict = await this.verdict(url);
        const refusal = this.refusal(verdict, url);
        if (refusal)
            throw new crawl_error_1.CrawlError('robots', refusal);
    }
    /** Why robots.txt forbids the URL, or null. */
    refusal(verdict, url) {
        if (verdict.kind === 'unavailable')
            return verdict.reason;
        return verdict.robots.isAllowed(url.toString(), this.userAgent) === false
            ? "The website's robots.txt does not allow this page to be crawled."
            : null;
    }
    async load(url) {
        const robotsUrl = new URL('/robots.txt', url.origin);
        try {
            const response = await this.fetcher.get(robotsUrl, {
                accept: 'text/plain,*/*;q=0.5',
                maxBytes: MAX_ROBOTS_BYTES,
                timeoutMs: this.timeoutMs,
                signal: this.signal,
                checkHop: (hop) => {
                    if (!(0, urls_1.sameSite)(hop, url))
                        throw new crawl_error_1.CrawlError('off_site', 'robots.txt redirected to another website.');
                },
            });
            return {
                kind: 'rules',
                robots: (0, robots_parser_1.default)(robotsUrl.toString(), response.body?.toString('utf8') ?? ''),
            };
        }
        catch (err) {
            const error = crawl_error_1.CrawlError.from(err);
            if (error.code === 'unsafe_url' || error.code === 'time_limit' || error.code === 'aborted')
                throw error;
            if (error.code === 'off_site' ||
                (error.status && error.status >= 400 && error.status < 500 && error.status !== 429)) {
                return { kind: 'rules', robots: (0, robots_parser_1.default)(robotsUrl.toString(), '') };
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
exports.RobotsCache = RobotsCache;
//# sourceMappingURL=robots.js.map