import { type HostResolver } from './url-safety';
export declare const MAX_REDIRECTS = 5;
export interface FetcherOptions {
    allowedHosts: ReadonlySet<string>;
    userAgent: string;
    concurrency: number;
    /** Resolves host names (default: the system resolver); the result is checked at connect time. */
    resolve?: HostResolver;
}
export interface FetchRequest {
    /** Accept header. */
    accept: string;
    maxBytes: number;
    timeoutMs: number;
    /** Aborts the request; its reason (a CrawlError) becomes the failure. */
    signal: AbortSignal;
    /** Called with the response's Content-Type; false stops before reading the body (`body` is then null). */
    wantBody?: (contentType: string) => boolean;
    /** Extra check for the first URL and every redirect target (same site, robots.txt); throws a CrawlError. */
    checkHop?: (url: URL) => Promise<void> | void;
}
export interface FetchResponse {
    /** Final URL after redirects. */
    url: URL;
    status: number;
    contentType: string;
    /** Decoded body, or null when wantBody said no. */
    body: Buffer | null;
    /** Charset named by the Content-Type header, if any. */
    charset: string | null;
}
/** One crawl's HTTP client: two keep-alive agents whose connections are all checked. */
export declare class SafeFetcher {
    private readonly options;
    private readonly httpAgent;
    private readonly httpsAgent;
    constructor(options: FetcherOptions);
    close(): void;
    /** GET with redirects followed (each hop checked). Throws a CrawlError. */
    get(url: string | URL, request: FetchRequest): Promise<FetchResponse>;
    private checkShape;
    private once;
}
export declare function formatSeconds(ms: number): string;
export declare function formatBytes(bytes: number): string;
/** Decodes a body: the header's charset, else a <meta charset> in the first 2 KiB, else UTF-8. */
export declare function decodeBody(body: Buffer, headerCharset: string | null): string;
