/**
 * Website URLs accept a bare host ('glowaesthetics.com') or a full http(s) URL. https:// is added when
 * missing; the host must be a domain name with a top-level domain of two or more letters
 * (docs/product/leads.md#lead-fields). So a literal IP address (loopback, private, link-local or any other),
 * a single-label name such as 'localhost', and names under the reserved '.localhost' domain are refused:
 * the knowledge service crawls this address, and it must not be pointed at the machine or its network.
 *
 * The exception is a site whose `host:port` is listed in CRAWL_ALLOWED_HOSTS (the same setting that lets the
 * crawler reach it): tests and local demos serve a practice website on loopback.
 *
 * Returns the normalised URL, '' for an empty value, or null when invalid.
 */
export function normalizeWebsiteUrl(input: string, allowedHosts: readonly string[] = []): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!allowedHosts.includes(hostPort(url)) && !isPublicDomainName(url.hostname)) return null;
  const text = url.toString();
  return url.pathname === '/' && !url.search && !url.hash && !trimmed.endsWith('/')
    ? text.slice(0, -1)
    : text;
}

/** 'host:port' as CRAWL_ALLOWED_HOSTS lists it: lower-case, IPv6 in brackets, the scheme's port when none. */
export function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/**
 * A domain name with a letter top-level domain, not under '.localhost' (RFC 6761: always loopback). The URL
 * parser has already turned every spelling of an IPv4 address ('0x7f.1', '2130706433') into dotted digits,
 * whose last label is not letters, and IPv6 literals keep their brackets: neither passes.
 */
function isPublicDomainName(hostname: string): boolean {
  if (!/^([a-z0-9](-*[a-z0-9])*\.)+[a-z]{2,}$/i.test(hostname)) return false;
  return !/(^|\.)localhost$/i.test(hostname);
}
