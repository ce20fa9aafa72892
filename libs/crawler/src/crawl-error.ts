import { UnsafeUrlError } from './url-safety';

/** Why a page failed or was skipped, for callers that group failures. */
export type CrawlFailureCode =
  | 'unsafe_url'
  | 'off_site'
  | 'robots'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'network'
  | 'redirect'
  | 'not_html'
  | 'duplicate'
  | 'time_limit'
  | 'aborted';

/** A failed fetch, with a message safe to show staff (no stack trace, no internal address). */
export class CrawlError extends Error {
  override readonly name = 'CrawlError';
  constructor(
    readonly code: CrawlFailureCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** Maps anything thrown while fetching to a CrawlError with a plain-language message. */
  static from(err: unknown): CrawlError {
    if (err instanceof CrawlError) return err;
    if (err instanceof UnsafeUrlError) return new CrawlError('unsafe_url', err.message);
    const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
    const message =
      NETWORK_MESSAGES[code] ?? (code.startsWith('ERR_TLS') || /CERT|SSL/.test(code) ? TLS : null);
    return new CrawlError('network', message ?? 'The website could not be reached.');
  }
}

const TLS = "The website's security certificate could not be verified.";

const NETWORK_MESSAGES: Record<string, string> = {
  ENOTFOUND: "The website's address could not be found.",
  EAI_AGAIN: "The website's address could not be looked up (temporary DNS failure).",
  ECONNREFUSED: 'The website refused the connection.',
  ECONNRESET: 'The website closed the connection unexpectedly.',
  EPIPE: 'The website closed the connection unexpectedly.',
  ETIMEDOUT: 'The website did not answer in time.',
  EHOSTUNREACH: 'The website could not be reached.',
  ENETUNREACH: 'The website could not be reached.',
  HPE_INVALID_CONSTANT: 'The website sent an invalid HTTP response.',
  HPE_HEADER_OVERFLOW: 'The website sent an invalid HTTP response.',
  Z_DATA_ERROR: 'The website sent a response that could not be decompressed.',
  Z_BUF_ERROR: 'The website sent a response that could not be decompressed.',
  ERR_STREAM_PREMATURE_CLOSE: 'The website closed the connection unexpectedly.',
};
