/**
 * The path of an incoming request as the gateway routes it, checked before any route table is consulted.
 *
 * The route table matches the raw path, while URL parsers further down (WHATWG `URL`, undici, the owning
 * service's router) resolve dot segments, so `/api/v1/webhooks/../../metrics` would pass as a public
 * webhook path and reach `/metrics`. Rather than resolving such paths, the gateway refuses them: no
 * client of this API needs them, and a path that is forwarded exactly as it was matched cannot be
 * re-interpreted on the way.
 */
export interface RequestTarget {
  /** The path, exactly as sent (still percent-encoded). */
  path: string;
  /** The query string as sent, with its leading `?`, or '' when there is none. */
  query: string;
}

/** `%2f` and `%5c`: a slash or backslash hidden in a segment, which some layer would split on. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * The path and query of a raw request target (`request.url`), or null when the path is not in canonical
 * form: not absolute, an empty segment (`//`), a backslash, a fragment, a `.` or `..` segment in any
 * spelling (`%2e%2e`, `.%2E`...), an encoded slash or backslash, or percent-encoding that does not decode.
 */
export function parseRequestTarget(rawUrl: string): RequestTarget | null {
  const at = rawUrl.indexOf('?');
  const path = at === -1 ? rawUrl : rawUrl.slice(0, at);
  const query = at === -1 ? '' : rawUrl.slice(at);
  if (!path.startsWith('/')) return null;
  if (path.includes('//') || path.includes('\\') || path.includes('#')) return null;
  if (ENCODED_SEPARATOR.test(path)) return null;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..') return null;
  }
  return { path, query };
}

/**
 * The URL to forward a checked target to: the owning service's origin with exactly the matched path and
 * the original query. Null if a URL parser would read the path differently from how it was matched.
 */
export function upstreamUrl(target: RequestTarget, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(target.path + target.query, origin);
  } catch {
    return null;
  }
  return url.pathname === target.path ? url : null;
}
