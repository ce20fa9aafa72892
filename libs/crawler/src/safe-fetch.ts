/**
 * HTTP(S) GET through agents whose every connection is checked (url-safety.ts): IP-literal hosts are checked in
 * createConnection, host names through the socket's own DNS lookup. Redirects are followed here (at most 5), each
 * hop through checkUrlShape and the caller's own check (same site, robots.txt). Per-request time limit, a size cap
 * on the decoded body, gzip/deflate/br decoding, charset decoding.
 */
import { promises as dns } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { CrawlError } from './crawl-error';
import {
  checkUrlShape,
  isPublicAddress,
  PRIVATE_ADDRESS_MESSAGE,
  safeLookup,
  UnsafeUrlError,
  type HostResolver,
} from './url-safety';

export const MAX_REDIRECTS = 5;

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

const defaultResolve: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

type ConnectionCallback = (err: Error | null, socket?: Socket) => void;
type ConnectionOptions = { host?: string; port?: number | string; lookup?: unknown };

/**
 * Checks a connection before it is made: hosts in allowedHosts connect as asked; an IP literal must be public;
 * a host name gets the checking lookup. Returns an error to refuse, or null.
 */
function guard(
  options: ConnectionOptions,
  allowedHosts: ReadonlySet<string>,
  resolve: HostResolver,
): Error | null {
  const host = (options.host ?? '').toLowerCase();
  const key = `${isIP(host) === 6 ? `[${host}]` : host}:${options.port}`;
  const allowed = allowedHosts.has(key);
  if (isIP(host))
    return allowed || isPublicAddress(host) ? null : new UnsafeUrlError(PRIVATE_ADDRESS_MESSAGE);
  options.lookup = safeLookup(resolve, !allowed);
  return null;
}

function guardedAgent<A extends http.Agent>(
  agent: A,
  allowedHosts: ReadonlySet<string>,
  resolve: HostResolver,
): A {
  const target = agent as unknown as {
    createConnection: (options: ConnectionOptions, callback: ConnectionCallback) => Socket | undefined;
  };
  const original = target.createConnection.bind(agent);
  target.createConnection = (options, callback) => {
    const refusal = guard(options, allowedHosts, resolve);
    if (refusal) {
      process.nextTick(() => callback(refusal));
      return undefined;
    }
    return original(options, callback);
  };
  return agent;
}

/** One crawl's HTTP client: two keep-alive agents whose connections are all checked. */
export class SafeFetcher {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(private readonly options: FetcherOptions) {
    const resolve = options.resolve ?? defaultResolve;
    const agentOptions = { keepAlive: true, maxSockets: Math.max(1, options.concurrency), timeout: 30_000 };
    this.httpAgent = guardedAgent(new http.Agent(agentOptions), options.allowedHosts, resolve);
    this.httpsAgent = guardedAgent(new https.Agent(agentOptions), options.allowedHosts, resolve);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** GET with redirects followed (each hop checked). Throws a CrawlError. */
  async get(url: string | URL, request: FetchRequest): Promise<FetchResponse> {
    let current = this.checkShape(String(url));
    for (let hop = 0; ; hop++) {
      await request.checkHop?.(current);
      const response = await this.once(current, request);
      if (!('location' in response)) return response;
      if (hop >= MAX_REDIRECTS) {
        throw new CrawlError('redirect', `The page redirected more than ${MAX_REDIRECTS} times.`);
      }
      let next: URL;
      try {
        next = new URL(response.location, current);
      } catch {
        throw new CrawlError('redirect', 'The page redirected to an invalid address.');
      }
      current = this.checkShape(next.toString());
    }
  }

  private checkShape(url: string): URL {
    try {
      return checkUrlShape(url, this.options.allowedHosts);
    } catch (err) {
      throw CrawlError.from(err);
    }
  }

  private once(url: URL, request: FetchRequest): Promise<FetchResponse | { location: string }> {
    return new Promise((resolve, reject) => {
      if (request.signal.aborted) return reject(CrawlError.from(request.signal.reason));
      const isHttps = url.protocol === 'https:';
      let settled = false;
      const finish = (err: unknown, value?: FetchResponse | { location: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        if (err) {
          req.destroy();
          reject(CrawlError.from(err));
        } else resolve(value!);
      };
      const req = (isHttps ? https : http).request(url, {
        method: 'GET',
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        headers: {
          'user-agent': this.options.userAgent,
          accept: request.accept,
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-US,en;q=0.8',
        },
      });
      const timer = setTimeout(
        () =>
          finish(
            new CrawlError('timeout', `The page did not answer within ${formatSeconds(request.timeoutMs)}.`),
          ),
        request.timeoutMs,
      );
      const onAbort = () => finish(request.signal.reason);
      request.signal.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err) => finish(err));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
          res.resume();
          return finish(null, { location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return finish(new CrawlError('http_status', statusMessage(status), status));
        }
        const contentType = String(res.headers['content-type'] ?? '')
          .split(';')[0]
          .trim()
          .toLowerCase();
        const charset =
          /charset\s*=\s*"?([\w.:-]+)/i.exec(String(res.headers['content-type'] ?? ''))?.[1] ?? null;
        if (request.wantBody && !request.wantBody(contentType)) {
          res.destroy();
          return finish(null, { url, status, contentType, body: null, charset });
        }
        const tooLarge = () =>
          new CrawlError('too_large', `The page is larger than ${formatBytes(request.maxBytes)}.`);
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) return finish(tooLarge());
        let stream: Readable = res;
        const encoding = String(res.headers['content-encoding'] ?? '')
          .trim()
          .toLowerCase();
        if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
        else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
        else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
        if (stream !== res) res.on('error', (err) => finish(err));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            stream.destroy();
            return finish(tooLarge());
          }
          chunks.push(chunk);
        });
        stream.on('error', (err) => finish(err));
        stream.on('end', () =>
          finish(null, { url, status, contentType, body: Buffer.concat(chunks), charset }),
        );
      });
      req.end();
    });
  }
}

function statusMessage(status: number): string {
  const text = http.STATUS_CODES[status];
  return `The website answered ${status}${text ? ` (${text})` : ''}.`;
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/** Decodes a body: the header's charset, else a <meta charset> in the first 2 KiB, else UTF-8. */
export function decodeBody(body: Buffer, headerCharset: string | null): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
  for (const label of [headerCharset, meta, 'utf-8']) {
    if (!label) continue;
    let decoder: InstanceType<typeof TextDecoder>;
    try {
      decoder = new TextDecoder(label);
    } catch {
      continue; // unknown label: try the next one
    }
    return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
  }
  return body.toString('utf8');
}

/** 0x80–0x9F of windows-1252 (0 where undefined, kept as the C1 control); the rest is ISO-8859-1. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/**
 * windows-1252 (what pages labelled latin1, iso-8859-1 or windows-1252 use, per the WHATWG Encoding standard).
 * Decoded by hand: Node 20's TextDecoder reads these labels as ISO-8859-1, turning € and curly quotes into C1
 * control characters.
 */
function decodeWindows1252(body: Buffer): string {
  let out = '';
  for (let i = 0; i < body.length; i += 8192) {
    const chunk = body.subarray(i, i + 8192);
    const codes = new Array<number>(chunk.length);
    for (let j = 0; j < chunk.length; j++) {
      const byte = chunk[j];
      codes[j] = byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] || byte : byte;
    }
    out += String.fromCharCode(...codes);
  }
  return out;
}
