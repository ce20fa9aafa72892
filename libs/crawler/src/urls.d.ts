/** URL rules of the crawl: normalisation, "same site", and links that are not pages. */
/** Drops the fragment and tracking parameters (utm_*, gclid, fbclid...); keeps everything else as parsed. */
export declare function normaliseUrl(url: URL | string): URL;
/** The site a URL belongs to: its host without a leading "www.", and its port unless default for the scheme. */
export declare function siteKey(url: URL): string;
/** True when both URLs are on the same site (www.example.com and example.com are one site; http and https too). */
export declare function sameSite(a: URL, b: URL): boolean;
/** Key under which a page is fetched once: scheme-less, www-less, normalised URL. */
export declare function pageKey(url: URL): string;
/** True when the URL's path names a file that is not an HTML page (a PDF, an image...). */
export declare function looksLikeFile(url: URL): boolean;
/** True for Content-Types the crawler reads as pages (HTML and XHTML; a missing type is tried as HTML). */
export declare function isHtmlType(contentType: string): boolean;
