import type { TrafficSource } from '../analytics/realtime';
import { EventEnvelope } from '../events/envelope';

/**
 * The public tracking ingress (`POST /api/v1/tracking/events`, owned by analytics) and what it publishes on
 * `tracking.forms`, keyed by practice id (docs/product/ai-engine.md#intake-the-public-tracking-ingress).
 */
export const TRACKING_EVENT_TYPES = ['form', 'pageview', 'heartbeat', 'pageleave'] as const;

/**
 * What one call of the ingress may carry (docs/product/ai-engine.md#intake-the-public-tracking-ingress): over
 * the body size it answers 413, over any other limit 422, naming the limit.
 */
export const TRACKING_LIMITS = {
  /** The JSON body, in bytes (64 KiB). */
  maxBodyBytes: 64 * 1024,
  maxEvents: 50,
  maxFieldsPerForm: 50,
  maxFieldNameLength: 200,
  maxFieldValueLength: 5000,
  /** site_key, event_id, visitor_id and session_id. */
  maxIdLength: 200,
  /** url and referrer. */
  maxUrlLength: 2048,
  maxTitleLength: 1000,
} as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];

/** One event of a tracking batch as a website's snippet sends it. */
export interface TrackingEventInput {
  /** Unique per event, chosen by the snippet (a UUID): a repeated id creates nothing new. */
  event_id: string;
  type: TrackingEventType;
  visitor_id: string;
  session_id: string;
  url: string;
  title?: string | null;
  referrer?: string | null;
  /** ISO 8601. */
  occurred_at: string;
  /** Form fields as the website named them (type form only): name → value. */
  fields?: Record<string, string>;
  /**
   * Types heartbeat and pageleave (the website script, tracker/README.md): the event_id of the pageview they
   * belong to (without it, the visitor's pageview of the same page, #fragment ignored, in the same session_id,
   * preferring one not left yet, then the latest).
   */
  pageview_id?: string | null;
  /**
   * Types heartbeat and pageleave: whole seconds the page has been visible so far (heartbeat) or in all
   * (pageleave), counted from its pageview; never decreasing for one pageview_id (0..86400; without it, the time
   * since the pageview).
   */
  duration_seconds?: number | null;
}

export interface TrackingBatchInput {
  site_key: string;
  events: TrackingEventInput[];
}

/** `202 {accepted}`: how many events of the batch were accepted (published). */
export interface TrackingBatchResponse {
  accepted: number;
}

/** A form submitted on a practice's website, on `tracking.forms`. */
export interface FormSubmittedV1 extends EventEnvelope<'form_submitted'> {
  /** The snippet's event id: people creates nothing new for an id it has seen. */
  tracking_event_id: string;
  visitor_id: string;
  session_id: string;
  url: string;
  title: string | null;
  referrer: string | null;
  /** ISO 8601, as the snippet reported it (clamped to the receive time when in the future). */
  submitted_at: string;
  /** ISO 8601, when the ingress accepted it: the start of speed to lead. */
  received_at: string;
  fields: Record<string, string>;
  /** The visitor's IP as the ingress saw it, for consent records. */
  ip: string | null;
  user_agent: string | null;
}

/** UTM parameters read from the page's url (only those present). */
export interface PageviewUtm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/** Ad click ids read from the page's url (only those present). */
export interface PageviewClickIds {
  gclid?: string;
  msclkid?: string;
  fbclid?: string;
}

/** Where the visitor was, from CDN headers or the offline IP database; null fields are unknown. */
export interface PageviewGeo {
  /** ISO 3166-1 alpha-2. */
  country_code: string | null;
  city: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Which resolved it: a CDN's headers or the IP database. */
  via: 'cloudflare' | 'cloudfront' | 'vercel' | 'ip_database';
}

/**
 * Time on a page, on `tracking.pageviews` too (same key and envelope id rule): a heartbeat while the page is
 * visible, a pageleave when it is hidden or left. The analytics consumer sets the pageview's duration from it.
 */
export interface PageActivityV1 extends EventEnvelope<'heartbeat' | 'pageleave'> {
  tracking_event_id: string;
  /** The snippet's event id of the pageview timed; null: the visitor's pageview of this page and session. */
  pageview_id: string | null;
  visitor_id: string;
  session_id: string;
  url: string;
  /** Seconds on the page as the snippet counted them; null: the time since the pageview. */
  duration_seconds: number | null;
  /** ISO 8601. */
  received_at: string;
}

/**
 * A page viewed on a practice's website, on `tracking.pageviews` (keyed by practice id; envelope event_id = UUID
 * v5 of the practice id and the snippet's event id, as for forms). Published by the ingress; its consumers
 * (sessions, the live visitors count) come with the analytics features.
 */
export interface PageviewV1 extends EventEnvelope<'pageview'> {
  tracking_event_id: string;
  visitor_id: string;
  session_id: string;
  url: string;
  title: string | null;
  referrer: string | null;
  /** ISO 8601, as the snippet reported it (clamped to the receive time when in the future). */
  viewed_at: string;
  /** ISO 8601, when the ingress accepted it. */
  received_at: string;
  ip: string | null;
  user_agent: string | null;
  /** Added by the ingress (older messages lack them: a consumer reads absent as unknown). */
  source?: TrafficSource;
  utm?: PageviewUtm;
  click_ids?: PageviewClickIds;
  geo?: PageviewGeo | null;
}
