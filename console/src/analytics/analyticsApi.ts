import type { AnalyticsMetricsResponse, RealtimeLeadEvent, RealtimePageviewsResponse } from '@pp/contracts';
import { HttpError } from 'react-admin';
import { en } from '../i18n/en';
import { API_URL, detailOf, httpClient, isAuthError } from '../providers/http';
import { ANALYTICS } from './constants';

const texts = en.pp.analytics.errors;

/**
 * The analytics calls (docs/product/analytics.md#calls, #errors). Every call carries the bearer token; without one
 * it fails with 'Unauthorized. No token found.' A 401/403 becomes 'Unauthorized or Forbidden. Please login again.'
 * (the page's query then signs out through react-admin, which removes the stored token). Other failures carry the
 * server's detail, else the call's own message.
 */
async function get<T>(path: string, query: Record<string, string>, fallback: string, signal?: AbortSignal) {
  try {
    const { json } = await httpClient<T>(`${API_URL}${path}?${new URLSearchParams(query)}`, {
      signal,
      fallbackMessage: fallback,
    });
    return json;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const status = (error as { status?: number }).status ?? 0;
    if (isAuthError(error)) {
      if ((error as Error).message === en.pp.errors.no_token) throw error;
      throw new HttpError(en.pp.auth.unauthorized, status, { detail: en.pp.auth.unauthorized });
    }
    const detail = detailOf((error as { body?: unknown }).body);
    throw new HttpError(detail ?? fallback, status, { detail: detail ?? fallback });
  }
}

export const analyticsApi = {
  /** `GET /analytics/metrics?practice_id&start_date&end_date` (YYYY-MM-DD, both inclusive). */
  metrics(practiceId: string, startDate: string, endDate: string, signal?: AbortSignal) {
    return get<AnalyticsMetricsResponse>(
      '/analytics/metrics',
      { practice_id: practiceId, start_date: startDate, end_date: endDate },
      texts.metrics,
      signal,
    );
  },

  /** `GET /analytics/realtime/events?practice_id`: the recent lead events, newest first, as a bare list. */
  async events(practiceId: string, signal?: AbortSignal): Promise<RealtimeLeadEvent[]> {
    const json = await get<unknown>(
      '/analytics/realtime/events',
      { practice_id: practiceId },
      texts.events,
      signal,
    );
    const list = Array.isArray(json) ? json : (json as { events?: unknown } | null)?.events;
    return Array.isArray(list) ? (list as RealtimeLeadEvent[]) : [];
  },

  /** `GET /analytics/realtime/pageviews?practice_id&seconds` (1800 by default). */
  async pageviews(
    practiceId: string,
    seconds: number = ANALYTICS.pageviewWindowSeconds,
    signal?: AbortSignal,
  ): Promise<RealtimePageviewsResponse> {
    const json = await get<Partial<RealtimePageviewsResponse> | null>(
      '/analytics/realtime/pageviews',
      { practice_id: practiceId, seconds: String(seconds) },
      texts.pageviews,
      signal,
    );
    return {
      pageviews: Array.isArray(json?.pageviews) ? json.pageviews : [],
      avg_session_duration_seconds: json?.avg_session_duration_seconds ?? 0,
    };
  },
};
