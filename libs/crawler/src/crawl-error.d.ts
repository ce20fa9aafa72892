/** Why a page failed or was skipped, for callers that group failures. */
export type CrawlFailureCode = 'unsafe_url' | 'off_site' | 'robots' | 'timeout' | 'too_large' | 'http_status' | 'network' | 'redirect' | 'not_html' | 'time_limit' | 'aborted';
/** A failed fetch, with a message safe to show staff (no stack trace, no internal address). */
export declare class CrawlError extends Error {
    readonly code: CrawlFailureCode;
    readonly status?: number | undefined;
    readonly name = "CrawlError";
    constructor(code: CrawlFailureCode, message: string, status?: number | undefined);
    /** Maps anything thrown while fetching to a CrawlError with a plain-language message. */
    static from(err: unknown): CrawlError;
}
