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
exports.SafeFetcher = exports.MAX_REDIRECTS = void 0;
exports.formatSeconds = formatSeconds;
exports.formatBytes = formatBytes;
exports.decodeBody = decodeBody;
/**
 * HTTP(S) GET through agents whose every connection is checked (url-safety.ts): IP-literal hosts are checked in
 * createConnection, host names through the socket's own DNS lookup. Redirects are followed here (at most 5), each
 * hop through checkUrlShape and the caller's own check (same site, robots.txt). Per-request time limit, a size cap
 * on the decoded body, gzip/deflate/br decoding, charset decoding.
 */
const node_dns_1 = require("node:dns");
const http = __importStar(require("node:http"));
const https = __importStar(require("node:https"));
const node_net_1 = require("node:net");
const zlib = __importStar(require("node:zlib"));
const crawl_error_1 = require("./crawl-error");
const url_safety_1 = require("./url-safety");
exports.MAX_REDIRECTS = 5;
const defaultResolve = (hostname) => node_dns_1.promises.lookup(hostname, { all: true, verbatim: true });
/**
 * Checks a connection before it is made: hosts in allowedHosts connect as asked; an IP literal must be public;
 * a host name gets the checking lookup. Returns an error to refuse, or null.
 */
function guard(options, allowedHosts, resolve) {
    const host = (options.host ?? '').toLowerCase();
    const key = `${(0, node_net_1.isIP)(host) === 6 ? `[${host}]` : host}:${options.port}`;
    if (allowedHosts.has(key))
        return null;
    if ((0, node_net_1.isIP)(host))
        return (0, url_safety_1.isPublicAddress)(host) ? null : new url_safety_1.UnsafeUrlError(url_safety_1.PRIVATE_ADDRESS_MESSAGE);
    options.lookup = (0, url_safety_1.safeLookup)(resolve);
    return null;
}
function guardedAgent(agent, allowedHosts, resolve) {
    const target = agent;
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
class SafeFetcher {
    constructor(options) {
        this.options = options;
        const resolve = options.resolve ?? defaultResolve;
        const agentOptions = { keepAlive: true, maxSockets: Math.max(1, options.concurrency), timeout: 30_000 };
        this.httpAgent = guardedAgent(new http.Agent(agentOptions), options.allowedHosts, resolve);
        this.httpsAgent = guardedAgent(new https.Agent(agentOptions), options.allowedHosts, resolve);
    }
    close() {
        this.httpAgent.destroy();
        this.httpsAgent.destroy();
    }
    /** GET with redirects followed (each hop checked). Throws a CrawlError. */
    async get(url, request) {
        let current = this.checkShape(String(url));
        for (let hop = 0;; hop++) {
            await request.checkHop?.(current);
            const response = await this.once(current, request);
            if (!('location' in response))
                return response;
            if (hop >= exports.MAX_REDIRECTS) {
                throw new crawl_error_1.CrawlError('redirect', `The page redirected more than ${exports.MAX_REDIRECTS} times.`);
            }
            let next;
            try {
                next = new URL(response.location, current);
            }
            catch {
                throw new crawl_error_1.CrawlError('redirect', 'The page redirected to an invalid address.');
            }
            current = this.checkShape(next.toString());
        }
    }
    checkShape(url) {
        try {
            return (0, url_safety_1.checkUrlShape)(url, this.options.allowedHosts);
        }
        catch (err) {
            throw crawl_error_1.CrawlError.from(err);
        }
    }
    once(url, request) {
        return new Promise((resolve, reject) => {
            if (request.signal.aborted)
                return reject(crawl_error_1.CrawlError.from(request.signal.reason));
            const isHttps = url.protocol === 'https:';
            let settled = false;
            const finish = (err, value) => {
                if (settled)
                    return;
                settled = true;
                clearTimeout(timer);
                request.signal.removeEventListener('abort', onAbort);
                if (err) {
                    req.destroy();
                    reject(crawl_error_1.CrawlError.from(err));
                }
                else
                    resolve(value);
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
            const timer = setTimeout(() => finish(new crawl_error_1.CrawlError('timeout', `The page did not answer within ${formatSeconds(request.timeoutMs)}.`)), request.timeoutMs);
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
                    return finish(new crawl_error_1.CrawlError('http_status', statusMessage(status), status));
                }
                const contentType = String(res.headers['content-type'] ?? '')
                    .split(';')[0]
                    .trim()
                    .toLowerCase();
                const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(String(res.headers['content-type'] ?? ''))?.[1] ?? null;
                if (request.wantBody && !request.wantBody(contentType)) {
                    res.destroy();
                    return finish(null, { url, status, contentType, body: null, charset });
                }
                const tooLarge = () => new crawl_error_1.CrawlError('too_large', `The page is larger than ${formatBytes(request.maxBytes)}.`);
                const declared = Number(res.headers['content-length']);
                if (Number.isFinite(declared) && declared > request.maxBytes)
                    return finish(tooLarge());
                let stream = res;
                const encoding = String(res.headers['content-encoding'] ?? '')
                    .trim()
                    .toLowerCase();
                if (encoding === 'gzip' || encoding === 'x-gzip')
                    stream = res.pipe(zlib.createGunzip());
                else if (encoding === 'deflate')
                    stream = res.pipe(zlib.createInflate());
                else if (encoding === 'br')
                    stream = res.pipe(zlib.createBrotliDecompress());
                if (stream !== res)
                    res.on('error', (err) => finish(err));
                const chunks = [];
                let size = 0;
                stream.on('data', (chunk) => {
                    size += chunk.length;
                    if (size > request.maxBytes) {
                        stream.destroy();
                        return finish(tooLarge());
                    }
                    chunks.push(chunk);
                });
                stream.on('error', (err) => finish(err));
                stream.on('end', () => finish(null, { url, status, contentType, body: Buffer.concat(chunks), charset }));
            });
            req.end();
        });
    }
}
exports.SafeFetcher = SafeFetcher;
function statusMessage(status) {
    const text = http.STATUS_CODES[status];
    return `The website answered ${status}${text ? ` (${text})` : ''}.`;
}
function formatSeconds(ms) {
    const seconds = ms / 1000;
    return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`;
}
function formatBytes(bytes) {
    if (bytes >= 1024 * 1024)
        return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
    if (bytes >= 1024)
        return `${+(bytes / 1024).toFixed(1)} KiB`;
    return `${bytes} bytes`;
}
/** Decodes a body: the header's charset, else a <meta charset> in the first 2 KiB, else UTF-8. */
function decodeBody(body, headerCharset) {
    const head = body.subarray(0, 2048).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
    for (const label of [headerCharset, meta, 'utf-8']) {
        if (!label)
            continue;
        try {
            return new TextDecoder(label).decode(body);
        }
        catch {
            // unknown label: try the next one
        }
    }
    return body.toString('utf8');
}
//# sourceMappingURL=safe-fetch.js.map