/**
 * Knowledge processing rules (docs/product/settings.md#knowledge). Pure: the page passes the clock.
 */
export type ProcessingStatus = 'processing' | 'ready' | 'failed';
export type PageBadge = 'processing' | 'ready' | 'stale';

/** A page is stale after more than 7 days (docs/product/settings.md#constants). */
export const STALE_AFTER_MS = 7 * 24 * 3_600_000;
/** While processing the status is asked again every 5 s; the list is fresh for 60 s. */
export const STATUS_POLL_MS = 5_000;
export const LIST_STALE_MS = 60_000;
/** The status is retried up to 3 times, never when the practice is not found. */
export const STATUS_RETRIES = 3;

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * 'Processing' when the page is pending and the overall status is processing; otherwise 'Ready' when updated
 * today, 'Stale' when last updated more than 7 days ago, else 'Ready'.
 */
export function pageBadge(
  page: { source_url: string; last_updated: string },
  pending: ReadonlySet<string>,
  status: ProcessingStatus,
  now: Date,
): PageBadge {
  if (pending.has(page.source_url) && status === 'processing') return 'processing';
  const updated = new Date(page.last_updated);
  if (Number.isNaN(updated.getTime())) return 'ready';
  if (sameLocalDay(updated, now)) return 'ready';
  return now.getTime() - updated.getTime() > STALE_AFTER_MS ? 'stale' : 'ready';
}

/** Whether a status change finishes a run: processing → ready or failed (the list refreshes, markers clear). */
export const runFinished = (previous: ProcessingStatus | undefined, current: ProcessingStatus): boolean =>
  previous === 'processing' && (current === 'ready' || current === 'failed');

/** Retry the status up to 3 times, except when the message contains 'Practice not found' or on 401/403. */
export function retryStatus(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status?: number } | null)?.status;
  if (message.includes('Practice not found') || status === 401 || status === 403) return false;
  return failureCount < STATUS_RETRIES;
}
