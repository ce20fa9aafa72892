"use strict";
/** URL rules of the crawl: normalisation, "same site", and links that are not pages. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.normaliseUrl = normaliseUrl;
exports.siteKey = siteKey;
exports.sameSite = sameSite;
exports.pageKey = pageKey;
exports.looksLikeFile = looksLikeFile;
exports.isHtmlType = isHtmlType;
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
const NOT_PAGE = /\.(pdf|docx?|xlsx?|pptx?|odt|rtf|csv|txt|xml|json|rss|atom|ics|vcf|zip|rar|gz|tgz|7z|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|heic|mp3|wav|ogg|m4a|mp4|m4v|mov|avi|webm|wmv|flv|css|js|mjs|woff2?|ttf|otf|eot|exe|dmg|apk)$/i;
/** Drops the fragment and tracking parameters (utm_*, gclid, fbclid...); keeps everything else as parsed. */
function normaliseUrl(url) {
    const out = new URL(String(url));
    out.hash = '';
    const keys = [...out.searchParams.keys()];
    for (const key of keys) {
        const lower = key.toLowerCase();
        if (lower.startsWith('utm_') || TRACKING_PARAMS.has(lower))
            out.searchParams.delete(key);
    }
    if (keys.length && ![...out.searchParams.keys()].length)
        out.search = '';
    return out;
}
/** The site a URL belongs to: its host without a leading "www.", and its port unless default for the scheme. */
function siteKey(url) {
    const host = url.hostname
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^www\./, '');
    return url.port ? `${host}:${url.port}` : host;
}
/** True when both URLs are on the same site (www.example.com and example.com are one site; http and https too). */
function sameSite(a, b) {
    return siteKey(a) === siteKey(b);
}
/** Key under which a page is fetched once: scheme-less, www-less, normalised URL. */
function pageKey(url) {
    const normal = normaliseUrl(url);
    return `${siteKey(normal)}${normal.pathname}${normal.search}`;
}
/** True when the URL's path names a file that is not an HTML page (a PDF, an image...). */
function looksLikeFile(url) {
    return NOT_PAGE.test(url.pathname);
}
/** True for Content-Types the crawler reads as pages (HTML and XHTML; a missing type is tried as HTML). */
function isHtmlType(contentType) {
    return contentType === '' || contentType === 'text/html' || contentType === 'application/xhtml+xml';
}
//# sourceMappingURL=urls.js.map