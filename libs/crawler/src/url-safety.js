"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.PRIVATE_ADDRESS_MESSAGE = exports.UnsafeUrlError = void 0;
exports.hostKey = hostKey;
exports.normaliseAllowedHosts = normaliseAllowedHosts;
exports.addressRefusal = addressRefusal;
exports.isPublicAddress = isPublicAddress;
exports.checkUrlShape = checkUrlShape;
exports.safeLookup = safeLookup;
/**
 * SSRF rules of the crawler. Two layers:
 *  - `checkUrlShape`: before any DNS, the scheme (http/https), no credentials, and literal addresses (Node's
 *    WHATWG URL parser turns 127.1, 0x7f.1, 2130706433 and 017700000001 into 127.0.0.1 first);
 *  - `safeLookup`: the DNS lookup the connecting socket itself uses (see safe-agent.ts), which refuses every
 *    resolved address that is not public unicast, so a name that resolves (or re-resolves, DNS rebinding) to a
 *    private address is refused before a byte is sent.
 * Hosts listed in `allowedHosts` ('host:port', lower-cased, default port filled in) skip the address rule.
 */
const node_net_1 = require("node:net");
const ipaddr = __importStar(require("ipaddr.js"));
/** A URL refused by the SSRF rules. The message is safe to show staff. */
class UnsafeUrlError extends Error {
    constructor(message, url) {
        super(message);
        this.url = url;
        this.name = 'UnsafeUrlError';
    }
}
exports.UnsafeUrlError = UnsafeUrlError;
exports.PRIVATE_ADDRESS_MESSAGE = 'This address points to a private or reserved network, which the crawler does not visit.';
const DEFAULT_PORTS = { 'http:': '80', 'https:': '443' };
/** 'host:port' of a URL, lower-cased, default port filled in ('[::1]:80' for IPv6). */
function hostKey(url) {
    return `${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}
/** Normalises CRAWL_ALLOWED_HOSTS entries (trimmed, lower-cased, empty ones dropped). */
function normaliseAllowedHosts(allowedHosts) {
    return new Set((allowedHosts ?? []).map((entry) => entry.trim().toLowerCase()).filter(Boolean));
}
/**
 * Why an IP address may not be reached, or null when it is public unicast. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) are refused whatever they map to, like every other special-purpose range (private, loopback,
 * link-local and the 169.254.169.254 metadata address, CGNAT, unspecified, multicast, broadcast, reserved,
 * unique-local fc00::/7 with fd00:ec2::254, NAT64, 6to4, Teredo, documentation ranges).
 */
function addressRefusal(address) {
    if (!ipaddr.isValid(address))
        return 'not an IP address';
    const parsed = ipaddr.parse(address);
    const range = parsed.range();
    return range === 'unicast' ? null : range;
}
/** True when the address is public unicast. */
function isPublicAddress(address) {
    return addressRefusal(address) === null;
}
function stripBrackets(hostname) {
    return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
/**
 * Parses a URL and applies the checks that need no DNS: http or https only, no user name or password, a host,
 * and no literal private/reserved address or loopback name (localhost) unless its host:port is in allowedHosts.
 * Returns the parsed URL; throws UnsafeUrlError otherwise.
 */
function checkUrlShape(url, allowedHosts) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new UnsafeUrlError('This is not a valid web address.', url);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new UnsafeUrlError('Only http and https addresses can be crawled.', url);
    }
    if (parsed.username || parsed.password) {
        throw new UnsafeUrlError('Web addresses with a user name or password are not crawled.', url);
    }
    const hostname = stripBrackets(parsed.hostname).replace(/\.$/, '').toLowerCase();
    if (!hostname)
        throw new UnsafeUrlError('This is not a valid web address.', url);
    const allowed = allowedHosts instanceof Set ? allowedHosts : normaliseAllowedHosts(allowedHosts);
    if (allowed.has(hostKey(parsed)))
        return parsed;
    if ((0, node_net_1.isIP)(hostname)) {
        if (!isPublicAddress(hostname))
            throw new UnsafeUrlError(exports.PRIVATE_ADDRESS_MESSAGE, url);
    }
    else if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
        throw new UnsafeUrlError(exports.PRIVATE_ADDRESS_MESSAGE, url);
    }
    return parsed;
}
/**
 * A `lookup` for net.connect/tls.connect: resolves with `resolve`, refuses when ANY address is not public
 * unicast (so a name with one public and one private record cannot be steered to the private one), and hands
 * the socket only the checked addresses. Runs inside the socket's connect, so what is checked is what is used.
 */
function safeLookup(resolve) {
    return (hostname, options, maybeCallback) => {
        const callback = (typeof options === 'function' ? options : maybeCallback);
        const opts = typeof options === 'object' && options !== null ? options : {};
        const wantedFamily = typeof options === 'number' ? options : (opts.family ?? 0);
        let pending;
        try {
            pending = resolve(hostname);
        }
        catch (err) {
            pending = Promise.reject(err);
        }
        pending.then((found) => {
            const addresses = found.filter((a) => !wantedFamily || a.family === wantedFamily);
            if (addresses.length === 0) {
                const err = new Error(`No address found for ${hostname}`);
                err.code = 'ENOTFOUND';
                return callback(err, '');
            }
            if (addresses.some((a) => !isPublicAddress(a.address))) {
                return callback(new UnsafeUrlError(exports.PRIVATE_ADDRESS_MESSAGE), '');
            }
            if (opts.all)
                return callback(null, addresses);
            return callback(null, addresses[0].address, addresses[0].family);
        }, (err) => callback(err, ''));
    };
}
//# sourceMappingURL=url-safety.js.map