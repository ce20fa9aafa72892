import {
  PageActivityV1,
  PageviewGeo,
  PageviewUtm,
  PageviewClickIds,
  PageviewV1,
  TRAFFIC_SOURCES,
  TrafficSource,
} from '@pp/contracts';
import { parseIsoDateTime } from '@pp/platform';
import { classifyTrafficSource, isOwnSiteReferrer, readCampaign } from '../tracking/traffic-source';
import { MAX_DURATION_SECONDS } from '../tracking/tracking-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A pageview as the consumer keeps it. */
export interface ReadPageview {
  event_id: string;
  practice_id: string;
  tracking_event_id: string;
  visitor_id: string;
  client_session_id: string | null;
  url: string;
  path: string;
  title: string | null;
  referrer: string | null;
  source: TrafficSource;
  internal: boolean;
  utm: PageviewUtm;
  click_ids: PageviewClickIds;
  geo: PageviewGeo | null;
  started_at: Date;
  received_at: Date;
}

/** A heartbeat or pageleave as the consumer applies it. */
export interface ReadTiming {
  event_id: string;
  practice_id: string;
  type: 'heartbeat' | 'pageleave';
  /** The snippet's id of the pageview timed, when sent. */
  pageview_id: string | null;
  visitor_id: string;
  /** The snippet's session id, which picks the pageview when pageview_id is missing. */
  client_session_id: string | null;
  url: string;
  duration_seconds: number | null;
  at: Date;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname || '/';
  } catch {
    return '/';
  }
}

function geoOf(value: unknown): PageviewGeo | null {
  if (!isObject(value)) return null;
  const latitude = finite(value.latitude);
  const longitude = finite(value.longitude);
  const point =
    latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return {
    country_code: text(value.country_code),
    region: text(value.region),
    city: text(value.city),
    latitude: point ? latitude : null,
    longitude: point ? longitude : null,
    via: (text(value.via) ?? 'ip_database') as PageviewGeo['via'],
  };
}

const stringRecord = <T extends object>(value: unknown): T =>
  (isObject(value)
    ? Object.fromEntries(Object.entries(value).filter(([, entry]) => typeof entry === 'string'))
    : {}) as T;

/**
 * A `tracking.pageviews` message read as a pageview or a timing; null when it is neither (an unknown version
 * or type, a missing id): the consumer skips it. A pageview without the ingress's classification (published
 * before it) is classified here from its url and referrer.
 */
export function readPageviewMessage(value: unknown): ReadPageview | ReadTiming | null {
  if (!isObject(value) || value.v !== 1) return null;
  const eventId = text(value.event_id);
  const practiceId = text(value.practice_id);
  const trackingId = text(value.tracking_event_id);
  const visitorId = text(value.visitor_id);
  const url = text(value.url);
  if (
    !eventId ||
    !UUID.test(eventId) ||
    !practiceId ||
    !UUID.test(practiceId) ||
    !trackingId ||
    !visitorId ||
    !url
  ) {
    return null;
  }
  const received = parseIsoDateTime(value.received_at) ?? new Date();
  if (value.type === 'pageview') {
    const pageview = value as unknown as Partial<PageviewV1>;
    const referrer = text(pageview.referrer);
    const source =
      typeof pageview.source === 'string' && (TRAFFIC_SOURCES as readonly string[]).includes(pageview.source)
        ? pageview.source
        : classifyTrafficSource(url, referrer);
    const campaign = pageview.utm || pageview.click_ids ? null : readCampaign(url);
    return {
      event_id: eventId.toLowerCase(),
      practice_id: practiceId.toLowerCase(),
      tracking_event_id: trackingId,
      visitor_id: visitorId,
      client_session_id: text(pageview.session_id),
      url,
      path: pathOf(url),
      title: text(pageview.title),
      referrer,
      source,
      internal: isOwnSiteReferrer(url, referrer),
      utm: campaign?.utm ?? stringRecord<PageviewUtm>(pageview.utm),
      click_ids: campaign?.click_ids ?? stringRecord<PageviewClickIds>(pageview.click_ids),
      geo: geoOf(pageview.geo),
      started_at: parseIsoDateTime(pageview.viewed_at) ?? parseIsoDateTime(value.occurred_at) ?? received,
      received_at: received,
    };
  }
  if (value.type === 'heartbeat' || value.type === 'pageleave') {
    const timing = value as unknown as Partial<PageActivityV1>;
    const duration = finite(timing.duration_seconds);
    return {
      event_id: eventId.toLowerCase(),
      practice_id: practiceId.toLowerCase(),
      type: value.type,
      pageview_id: text(timing.pageview_id),
      visitor_id: visitorId,
      client_session_id: text(timing.session_id),
      url,
      duration_seconds:
        duration === null ? null : Math.min(MAX_DURATION_SECONDS, Math.max(0, Math.round(duration))),
      at: parseIsoDateTime(value.occurred_at) ?? received,
    };
  }
  return null;
}

export const isPageview = (read: ReadPageview | ReadTiming): read is ReadPageview => 'started_at' in read;
