import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';

/**
 * Headers that belong to one connection (RFC 9110 section 7.6.1), never passed on in either direction, and the ones
 * the forward sets itself (host; content-length of the answer, which Fastify sets for the bytes it sends).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

/** Where a forward failed: analytics did not answer in time (504) or could not be reached (503). */
export type TrackingForwardFailure = 'timeout' | 'unavailable';

export interface TrackingForwardOptions {
  /** Analytics' origin (ANALYTICS_URL). */
  origin: string;
  /** How long analytics has to start answering (UPSTREAM_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Keep-alive connections to analytics at most (each carries one request at a time). */
  connections?: number;
}

/**
 * The gateway's forward of the public tracking ingress (POST /api/v1/tracking/events) to analytics: a pool of
 * keep-alive connections (undici) and nothing else on the way. Every other forwarded path goes through
 * @fastify/reply-from; this one is the hottest path of the gateway (one request per page a visitor opens on any
 * practice's website), and reply-from's general machinery (URL caching, retries, header rewriting callbacks,
 * streaming the answer) cost about a fifth of the gateway's CPU per request here (docs/PERFORMANCE.md).
 *
 * What it keeps of the general forward: the request body streams through untouched (analytics checks it and
 * its 64 KiB limit); the client's headers go on except the hop-by-hop ones and those `stripped` names (identity,
 * cookies, a client-made X-Forwarded-For); the caller's `set` headers (the client address as the gateway
 * determined it, the correlation id) are added; analytics' status and headers come back as they are.
 */
export class TrackingForwarder {
  private readonly pool: Pool;

  constructor(options: TrackingForwardOptions) {
    this.pool = new Pool(options.origin, {
      connections: options.connections ?? 64,
      connect: { timeout: 2000 },
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: 60_000,
    });
  }

  /**
   * Forwards the request and sends analytics' answer; resolves with the failure, if any, without answering
   * (the caller answers it in the envelope).
   */
  async forward(
    request: FastifyRequest,
    reply: FastifyReply,
    stripped: readonly string[],
    set: Record<string, string>,
  ): Promise<TrackingForwardFailure | null> {
    const headers = forwardedHeaders(request.headers, stripped, set);
    let response;
    try {
      response = await this.pool.request({
        method: 'POST',
        path: request.url,
        headers,
        body: (request.body as Readable | undefined) ?? null,
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'UND_ERR_HEADERS_TIMEOUT' ? 'timeout' : 'unavailable';
    }
    let body: Buffer;
    try {
      body = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'UND_ERR_BODY_TIMEOUT' ? 'timeout' : 'unavailable';
    }
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
      void reply.header(name, value);
    }
    // The client's body was not read to its end (analytics answered first, e.g. 413): this connection cannot
    // carry another request.
    if (!request.raw.complete) void reply.header('connection', 'close');
    await reply.status(response.statusCode).send(body);
    return null;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The client's headers as analytics receives them. */
export function forwardedHeaders(
  incoming: IncomingHttpHeaders,
  stripped: readonly string[],
  set: Record<string, string>,
): Record<string, string | string[]> {
  // Headers the client named in Connection are hop-by-hop too (RFC 9110 section 7.6.1).
  const named = String(incoming.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name) || stripped.includes(name) || named.includes(name))
      continue;
    headers[name] = value;
  }
  return Object.assign(headers, set);
}
