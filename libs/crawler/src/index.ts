/**
 * @pp/crawler: a bounded, polite, SSRF-safe crawl of a practice website, returning each page's readable text,
 * headings and JSON-LD (README.md). Used by the knowledge service and the onboarding demo.
 */
export {
  crawlSite,
  CRAWL_DEFAULTS,
  type CrawledPage,
  type CrawlFailure,
  type CrawlOptions,
  type CrawlProgress,
  type CrawlResult,
} from './crawl';
export { CrawlError, type CrawlFailureCode } from './crawl-error';
export {
  bookingWidgetOf,
  extractPage,
  htmlToText,
  type ExtractedPage,
  type PageContact,
  type PageMeta,
} from './extract';
export {
  addressRefusal,
  checkUrlShape,
  hostKey,
  isPublicAddress,
  UnsafeUrlError,
  type HostResolver,
  type ResolvedAddress,
} from './url-safety';
export { normaliseUrl, sameSite } from './urls';
export { ROBOTS_DISALLOWED } from './robots';
