import type { FastifyInstance } from 'fastify';

/** The public tracking ingress, trailing slash and query string allowed. */
const TRACKING_EVENTS = /^\/api\/v1\/tracking\/events\/?(\?.*)?$/;

export const isTrackingEventsUrl = (url: string) => TRACKING_EVENTS.test(url);

/** What a practice's website may do cross-origin on the ingress: post JSON, no credentials. */
const PREFLIGHT = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
};

/**
 * CORS for the public tracking ingress alone, wherever a browser reaches it: the gateway (which forwards it to
 * analytics: the local stack, docker-compose) and analytics' own HTTP port (a Kubernetes ingress routes the path
 * there directly, ADR 0033). The snippet posts from each practice's own website, any origin. A preflight
 * (OPTIONS) is answered with 204; every answer of the path (success or error, forwarded or not) carries
 * `Access-Control-Allow-Origin: *` and no credentials header, so a browser never sends cookies and the snippet
 * can read the 202, 4xx and 429 answers; and `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`
 * (the gateway's helmet and API rule set the same everywhere; analytics has no helmet of its own).
 * Cross-Origin-Resource-Policy is relaxed on this path only (helmet's default, same-origin, stays everywhere
 * else in the gateway). No other path answers a cross-origin request.
 */
export function registerTrackingCors(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isTrackingEventsUrl(request.url)) return;
    // The website script posts its JSON as text/plain (what sendBeacon sends, and a CORS "simple" request, so
    // no preflight): it is read as the JSON it is (tracker/README.md).
    if (request.method === 'POST' && /^text\/plain\b/i.test(request.headers['content-type'] ?? ''))
      request.headers['content-type'] = 'application/json';
    if (request.method !== 'OPTIONS') return;
    return reply.status(204).headers(PREFLIGHT).send();
  });
  // onSend runs after a forwarded response's headers are copied: the service behind cannot override it.
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (isTrackingEventsUrl(request.url)) {
      void reply.header('Access-Control-Allow-Origin', '*');
      // The script waits as long as a 429's Retry-After asks: a cross-origin script reads only exposed headers.
      void reply.header('Access-Control-Expose-Headers', 'Retry-After');
      void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      void reply.header('Cache-Control', 'no-store');
      void reply.header('X-Content-Type-Options', 'nosniff');
    }
    return payload;
  });
}
