/**
 * SSRF rules of the crawler. Two layers:
 *  - `checkUrlShape`: before any DNS, the scheme (http/https), no credentials, and literal addresses (Node's
 *    WHATWG URL parser turns 127.1, 0x7f.1, 2130706433 and 017700000001 into 127.0.0.1 first);
 *  - `safeLookup`: the DNS lookup the connecting socket itself uses (see safe-agent.ts), which refuses every
 *    resolved address that is not public unicast, so a name that resolves (or re-resolves, DNS rebinding) to a
 *    private address is refused before a byte is sent.
 * Hosts listed in `allowedHosts` ('host:port', lower-cased, default port filled in) skip the address rule.
 */
import { isIP } from 'node:net';
import * as ipaddr from 'ipaddr.js';

/** A URL refused by the SSRF rules. The message is safe to show staff. */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
  constructor(
    message: string,
    readonly url?: string,
  ) {
    super(message);
  }
}

export const PRIVATE_ADDRESS_MESSAGE =
  'This address points to a private or reserved network, which the crawler does not visit.';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** 'host:port' of a URL, lower-cased, default port filled in ('[::1]:80' for IPv6). */
export function hostKey(url: URL): string {
  return `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

/** Normalises CRAWL_ALLOWED_HOSTS entries (trimmed, lower-cased, empty ones dropped). */
export function normaliseAllowedHosts(allowedHosts: readonly string[] | undefined): Set<string> {
  return new Set((allowedHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean));
}

/**
 * Why an IP address may not be reached, or null when it is public unicast. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) are refused whatever they map to, like every other special-purpose range (private, loopback,
 * link-local and the 169.254.169.254 metadata address, CGNAT, unspecified, multicast, broadcast, reserved,
 * unique-local fc00::/7 with fd00:ec2::254, NAT64, 6to4, Teredo, documentation ranges).
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated; ipaddr.js calls it unicast): refused like the mapped form.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.parseCIDR('::/96'))) return 'ipv4Compatible';
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** True when the address is public unicast. */
export function isPublicAddress(address: string): boolean {
  return addressRefusal(address) === null;
}

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Parses a URL and applies the checks that need no DNS: http or https only, no user name or password, a host,
 * and no literal private/reserved address or loopback name (localhost) unless its host:port is in allowedHosts.
 * Returns the parsed URL; throws UnsafeUrlError otherwise.
 */
export function checkUrlShape(url: string, allowedHosts?: string[] | ReadonlySet<string>): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UnsafeUrlError('This is not a valid web address.', url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeUrlError('Only http and https addresses can be crawled.', url);
  }
  if (parsed.username || parsed.password) {
    throw new UnsafeUrlError('Web addresses with a user name or password are not crawled.', url);
  }
  const hostname = stripBrackets(parsed.hostname).replace(/\.$/, '').toLowerCase();
  if (!hostname) throw new UnsafeUrlError('This is not a valid web address.', url);
  const allowed =
    allowedHosts instanceof Set ? allowedHosts : normaliseAllowedHosts(allowedHosts as string[]);
  if (allowed.has(hostKey(parsed))) return parsed;
  if (isIP(hostname)) {
    if (!isPublicAddress(hostname)) throw new UnsafeUrlError(PRIVATE_ADDRESS_MESSAGE, url);
  } else if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    throw new UnsafeUrlError(PRIVATE_ADDRESS_MESSAGE, url);
  }
  return parsed;
}

/** One resolved address, as dns.lookup(..., { all: true }) returns it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to its addresses (dns.promises.lookup with all: true by default; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | ResolvedAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect/tls.connect: resolves with `resolve`, refuses when ANY address is not public
 * unicast (so a name with one public and one private record cannot be steered to the private one), and hands
 * the socket only the checked addresses. Runs inside the socket's connect, so what is checked is what is used.
 * `check: false` (hosts in allowedHosts) resolves without the address rule.
 */
export function safeLookup(resolve: HostResolver, check = true) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number } | number | LookupCallback,
    maybeCallback?: LookupCallback,
  ): void => {
    const callback = (typeof options === 'function' ? options : maybeCallback) as LookupCallback;
    const opts = typeof options === 'object' && options !== null ? options : {};
    const wantedFamily = typeof options === 'number' ? options : (opts.family ?? 0);
    let pending: Promise<ResolvedAddress[]>;
    try {
      pending = resolve(hostname);
    } catch (err) {
      pending = Promise.reject(err);
    }
    pending.then(
      (found) => {
        const addresses = found.filter((a) => !wantedFamily || a.family === wantedFamily);
        if (addresses.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`No address found for ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '');
        }
        if (check && addresses.some((a) => !isPublicAddress(a.address))) {
          return callback(new UnsafeUrlError(PRIVATE_ADDRESS_MESSAGE), '');
        }
        if (opts.all) return callback(null, addresses);
        return callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
