import { normaliseUrl } from '@pp/crawler';

/**
 * Which addresses a practice may ask to process (docs/product/settings.md#knowledge-calls): http(s) pages of
 * its own website, the host compared without a leading 'www.'. Pure: no I/O.
 */

export const MAX_URL_LENGTH = 2048;
export const MAX_URLS_PER_REQUEST = 100;

export const PageUrlMessages = {
  noWebsite: 'Add your website URL in Practice Locations before processing knowledge.',
  notHttp: (url: string) => `${clip(url)} is not a web address (it must start with http:// or https://)`,
  otherSite: (url: string, host: string) => `${clip(url)} is not a page of your website (${host})`,
} as const;

function clip(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The practice's website as a URL (a bare host 'glow.example' means https), or null when it has none. */
export function websiteOf(websiteUrl: string | null | undefined): URL | null {
  const text = websiteUrl?.trim();
  if (!text) return null;
  try {
    const url = new URL(text.includes('://') ? text : `https://${text}`);
    const web = url.protocol === 'http:' || url.protocol === 'https:';
    return web && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** A page address as it is stored, as the crawler reports it: no fragment, no tracking parameters. */
export function normalisePageUrl(url: URL): string {
  return normaliseUrl(url).href;
}

/**
 * The requested pages, normalised and without duplicates, or the first problem: the practice has no website,
 * or a URL is not http(s), or is not on the website's host.
 */
export function checkPageUrls(
  urls: readonly string[],
  websiteUrl: string | null | undefined,
): { urls: string[] } | { problem: string } {
  const website = websiteOf(websiteUrl);
  if (!website) return { problem: PageUrlMessages.noWebsite };
  const accepted = new Set<string>();
  for (const text of urls) {
    let url: URL;
    try {
      url = new URL(text.trim());
    } catch {
      return { problem: PageUrlMessages.notHttp(text) };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { problem: PageUrlMessages.notHttp(text) };
    if (url.username || url.password || bareHost(url.host) !== bareHost(website.host)) {
      return { problem: PageUrlMessages.otherSite(text, website.host) };
    }
    accepted.add(normalisePageUrl(url));
  }
  return { urls: [...accepted] };
}
