/**
 * The public demo's rules (docs/product/onboarding.md). Pure: no HTTP, no React. Everything shown here comes
 * from a stranger's website, so values stay strings for the page to render as text, and links are kept only
 * when they are http(s) addresses.
 */

export type SessionStatus = 'initiated' | 'crawling' | 'processing' | 'ready' | 'failed';

/** The status is asked every 5000 ms until ready or failed (docs/product/onboarding.md#constants). */
export const STATUS_POLL_MS = 5_000;
/** A failed status call is retried up to 3 times, never when the session is not found. */
export const STATUS_RETRIES = 3;
/** The longest demo chat message, in characters. */
export const CHAT_MESSAGE_MAX = 1_000;

/** initiated, crawling and processing are in progress; ready and failed end the polling (#statuses). */
export const isFinished = (status: SessionStatus | undefined): boolean =>
  status === 'ready' || status === 'failed';

/** When to ask again: every 5 s while in progress (or not yet known); never once finished or given up. */
export function nextPoll(status: SessionStatus | undefined, gaveUp: boolean): number | false {
  return gaveUp || isFinished(status) ? false : STATUS_POLL_MS;
}

/** Retry a status call up to 3 times, except a 404: the session does not exist (docs/product/onboarding.md#errors). */
export function retrySessionStatus(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status !== 404 && failureCount < STATUS_RETRIES;
}

/** The URL must be non-empty and start with 'http' (docs/product/onboarding.md#validation). */
export const isWebsiteUrl = (value: string): boolean => value.trim().startsWith('http');

/** An address a link may point to: http(s) only (no javascript:, data: …), else undefined. */
export function safeHref(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ExtractedData {
  practice_name?: string | null;
  about_summary?: string | null;
  doctors_names?: string[] | null;
  specialties?: string[] | null;
  key_services?: string[] | null;
  address?: string | null;
  phone_number?: string | null;
  email_address?: string | null;
  booking_info?: string | null;
  error?: string | null;
  warning?: string | null;
}

/** The extracted items, in the order the analysis-complete card shows them (docs/product/onboarding.md#demo-session). */
export const EXTRACTED_FIELDS = [
  'practice_name',
  'about_summary',
  'doctors_names',
  'specialties',
  'key_services',
  'address',
  'phone_number',
  'email_address',
  'booking_info',
] as const;

export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];

export interface ExtractedItem {
  field: ExtractedField;
  /** One text, or the entries of a list. */
  value: string | string[];
  /** The page it came from, when that is an http(s) address. */
  source?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The items present (a blank text or an empty list is left out), each with its source page if known. */
export function extractedItems(
  data: ExtractedData | null | undefined,
  sources: Partial<Record<string, string | null>> | null | undefined,
): ExtractedItem[] {
  if (!data) return [];
  return EXTRACTED_FIELDS.flatMap((field) => {
    const raw: unknown = data[field];
    const value = Array.isArray(raw)
      ? raw.map(text).filter((entry): entry is string => entry !== undefined)
      : text(raw);
    if (value === undefined || value.length === 0) return [];
    const source = safeHref(sources?.[field]);
    return [source ? { field, value, source } : { field, value }];
  });
}

/** The extraction's own remarks: `error` (shown as 'Note on Summary:') and `warning` ('Note:'). */
export function extractionNotes(data: ExtractedData | null | undefined): {
  error?: string;
  warning?: string;
} {
  return { error: text(data?.error), warning: text(data?.warning) };
}

/** Crawl progress as a percentage, or undefined while no page is known yet (an indeterminate bar). */
export function progressPercent(
  progress: { pages_found?: number; pages_processed?: number } | null | undefined,
) {
  const found = progress?.pages_found ?? 0;
  if (!(found > 0)) return undefined;
  const processed = Math.max(0, Math.min(progress?.pages_processed ?? 0, found));
  return Math.round((processed / found) * 100);
}
