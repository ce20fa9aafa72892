import type { LeadBroadcastMessage } from '../events/lead-events';

/**
 * The console's Realtime Activity (docs/product/analytics.md): `GET /api/v1/analytics/realtime/pageviews` and
 * `GET /api/v1/analytics/realtime/events`.
 */

/** Where a visit came from (the spec's keys; google is shown as Google Organic). */
export const TRAFFIC_SOURCES = [
  'direct',
  'google',
  'google_ads',
  'microsoft_ads',
  'instagram',
  'facebook',
  'bing',
  'yahoo',
  'referral',
] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

/** One pageview of the window, newest first. */
export interface RealtimePageview {
  url: string;
  title: string | null;
  source: TrafficSource;
  visitor_id: string;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  country: string | null;
  /** Seconds on the page; null while the visitor is still on it. */
  duration_seconds: number | null;
  is_lead: boolean;
  person_id: string | null;
  person_name: string | null;
  /** ISO 8601. */
  timestamp: string;
}

/** `?practice_id&seconds=1800`: the pageviews of the last `seconds`. */
export interface RealtimePageviewsResponse {
  pageviews: RealtimePageview[];
  avg_session_duration_seconds: number;
}

/**
 * `GET /api/v1/analytics/realtime/events?practice_id`: the practice's recent lead events, newest first, as a bare
 * list, each exactly as the live connection broadcasts it (content_data carries call_sid on phone events, so a
 * completed call updates its 'In Progress' row).
 */
export type RealtimeLeadEvent = LeadBroadcastMessage;
