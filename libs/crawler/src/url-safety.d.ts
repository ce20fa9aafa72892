/** A URL refused by the SSRF rules. The message is safe to show staff. */
export declare class UnsafeUrlError extends Error {
    readonly url?: string | undefined;
    readonly name = "UnsafeUrlError";
    constructor(message: string, url?: string | undefined);
}
export declare const PRIVATE_ADDRESS_MESSAGE = "This address points to a private or reserved network, which the crawler does not visit.";
/** 'host:port' of a URL, lower-cased, default port filled in ('[::1]:80' for IPv6). */
export declare function hostKey(url: URL): string;
/** Normalises CRAWL_ALLOWED_HOSTS entries (trimmed, lower-cased, empty ones dropped). */
export declare function normaliseAllowedHosts(allowedHosts: readonly string[] | undefined): Set<string>;
/**
 * Why an IP address may not be reached, or null when it is public unicast. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) are refused whatever they map to, like every other special-purpose range (private, loopback,
 * link-local and the 169.254.169.254 metadata address, CGNAT, unspecified, multicast, broadcast, reserved,
 * unique-local fc00::/7 with fd00:ec2::254, NAT64, 6to4, Teredo, documentation ranges).
 */
export declare function addressRefusal(address: string): string | null;
/** True when the address is public unicast. */
export declare function isPublicAddress(address: string): boolean;
/**
 * Parses a URL and applies the checks that need no DNS: http or https only, no user name or password, a host,
 * and no literal private/reserved address or loopback name (localhost) unless its host:port is in allowedHosts.
 * Returns the parsed URL; throws UnsafeUrlError otherwise.
 */
export declare function checkUrlShape(url: string, allowedHosts?: string[] | ReadonlySet<string>): URL;
/** One resolved address, as dns.lookup(..., { all: true }) returns it. */
export interface ResolvedAddress {
    address: string;
    family: number;
}
/** Resolves a host name to its addresses (dns.promises.lookup with all: true by default; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;
/**
 * A `lookup` for net.connect/tls.connect: resolves with `resolve`, refuses when ANY address is not public
 * unicast (so a name with one public and one private record cannot be steered to the private one), and hands
 * the socket only the checked addresses. Runs inside the socket's connect, so what is checked is what is used.
 */
export declare function safeLookup(resolve: HostResolver): (hostname: string, options: {
    all?: boolean;
    family?: number;
} | number | LookupCallback, maybeCallback?: LookupCallback) => void;
export {};
