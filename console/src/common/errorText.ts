import { detailOf } from '../providers/http';

/**
 * The server's own reason for a failure, if it gave one: the `detail` of its answer (docs/conventions.md#errors),
 * kept by the HttpError the console's client throws (`body`), or carried on as `detail` by a call that words its
 * failures itself (the calendar's). Also the console's own 'The server took too long to answer…'.
 */
export function serverDetail(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { detail, body } = error as { detail?: unknown; body?: unknown };
  if (typeof detail === 'string' && detail.trim()) return detail;
  return detailOf(body) ?? null;
}

/** What to say about a failed save or action: the server's reason, else the product's words for it. */
export function failureText(error: unknown, fallback: string): string {
  return serverDetail(error) ?? fallback;
}
