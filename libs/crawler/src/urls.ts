/** URL rules of the crawl: normalisation, "same site", and links that are not pages. */

/** Query parameters that only track a visit; dropped so one page is fetched once. */
const TRACKING_PARAMS = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
]);

/** Path endings of files that are not HTML pages (documents, images, media, archives, feeds). */
const NOT_PAGE =
  /\.(pdf|docx?|xlsx?|pptx?|odt|rtf|csv|txt|xml|json|rss|atom|ics|vcf|zip|rar|gz|tgz|7z|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|heic|mp3|wav|ogg|m4a|mp4|m4v|mov|avi|webm|wmv|flv|css|js|mjs|woff2?|ttf|otf|eot|exe|dmg|apk)$/i;

/** Drops the fragment and tracking parameters (utm_*, gclid, fbclid...); keeps everything else as parsed. */
export function normaliseUrl(url: URL | string): URL {
  const out = new URL(String(url));
  out.hash = '';
  const keys = [...out.searchParams.keys()];
  for (const key of keys) {
    const lower = key.toLowerCase();
    if (lower.startsWith('utm_') || TRACKING_PARAMS.has(lower)) out.searchParams.delete(key);
  }
  if (keys.length && ![...out.searchParams.keys()].length) out.search = '';
  return out;
}

/** The site a URL belongs to: its host without a leading "www.", and its port unless default for the scheme. */
export function siteKey(url: URL): string {
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return url.port ? `${host}:${url.port}` : host;
}

/** True when both URLs are on the same site (www.example.com and example.com are one site; http and https too). */
export function sameSite(a: URL, b: URL): boolean {
  return siteKey(a) === siteKey(b);
}

/** Key under which a page is fetched once: scheme-less, www-less, normalised URL. */
export function pageKey(url: URL): string {
  const normal = normaliseUrl(url);
  return `${siteKey(normal)}${normal.pathname}${normal.search}`;
}

/** True when the URL's path names a file that is not an HTML page (a PDF, an image...). */
export function looksLikeFile(url: URL): boolean {
  return NOT_PAGE.test(url.pathname);
}

/** True for Content-Types the crawler reads as pages (HTML and XHTML; a missing type is tried as HTML). */
export function isHtmlType(contentType: string): boolean {
  return contentType === '' || contentType === 'text/html' || contentType === 'application/xhtml+xml';
}
