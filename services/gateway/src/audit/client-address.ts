import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';

type TrustFn = (address: string, hop: number) => boolean;
interface ProxyAddr {
  all(request: IncomingMessage, trust: TrustFn): string[];
  compile(values: string[]): TrustFn;
}

/**
 * Fastify's own copy of proxy-addr (not a dependency of ours: the one Fastify resolves), so that an address read
 * here follows exactly the rule of every HTTP request's `request.ip`.
 */
const proxyAddr = createRequire(require.resolve('fastify'))('@fastify/proxy-addr') as ProxyAddr;

/** TRUST_PROXY as Fastify reads it: `true`, a hop count, or a comma-separated list of addresses, CIDRs or names. */
export function trustFunction(trust: boolean | number | string): TrustFn | null {
  if (trust === false) return null;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust.split(',').map((value) => value.trim()));
}

/**
 * The client's address of a request Fastify never sees (the live connection's upgrade), as `request.ip` would
 * give it under the same TRUST_PROXY: the socket's address, or the nearest X-Forwarded-For entry past the trusted
 * proxies. The audit log's "from where" (docs/decisions/0047-auditing-realtime-views.md).
 */
export function clientAddress(request: IncomingMessage, trust: TrustFn | null): string {
  if (!trust) return request.socket.remoteAddress ?? '';
  const addresses = proxyAddr.all(request, trust);
  return addresses[addresses.length - 1] ?? request.socket.remoteAddress ?? '';
}
