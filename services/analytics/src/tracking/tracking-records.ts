import {
  EventHeaders,
  FormSubmittedV1,
  PageActivityV1,
  PageviewGeo,
  PageviewV1,
  Topics,
} from '@pp/contracts';
import { OutgoingRecord } from '@pp/platform';
import { createHash } from 'node:crypto';
import { CheckedTrackingEvent } from './tracking-rules';
import { classifyTrafficSource, readCampaign } from './traffic-source';

/**
 * The envelope event id of a tracking event: UUID v5 (RFC 4122, SHA-1 name-based) of the snippet's event id
 * in the practice's namespace (its id). The same event sent again (a retry after a timeout, a double submit)
 * gets the same id, so people's inbox creates nothing new; the same event id at two practices never collides.
 */
export function trackingEnvelopeId(practiceId: string, trackingEventId: string): string {
  // RFC 4122 section 4.3 by hand (the `uuid` package's v5 gives the same ids, at about twice the cost on the ingress's
  // hot path): SHA-1 of the namespace's 16 bytes and the name's UTF-8, version 5, the RFC's variant.
  const namespace = Buffer.from(practiceId.replace(/-/g, ''), 'hex');
  if (namespace.length !== 16) throw new TypeError(`not a UUID: ${practiceId}`);
  const hash = createHash('sha1').update(namespace).update(trackingEventId, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the ingress knows of the request besides the batch. */
export interface TrackingRequestContext {
  practiceId: string;
  receivedAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** Where the caller is (CDN headers or the IP database), given to pageviews. */
  geo?: PageviewGeo | null;
  correlationId?: string;
}

/**
 * A checked event as the record the ingress publishes: forms on tracking.forms; pageviews (with their traffic
 * source, UTM parameters, click ids and location) and their heartbeats and pageleaves on tracking.pageviews.
 */
export function trackingRecord(event: CheckedTrackingEvent, context: TrackingRequestContext): OutgoingRecord {
  const envelope = {
    v: 1 as const,
    event_id: trackingEnvelopeId(context.practiceId, event.event_id),
    practice_id: context.practiceId,
    occurred_at: event.occurred_at,
    tracking_event_id: event.event_id,
    visitor_id: event.visitor_id,
    session_id: event.session_id,
    url: event.url,
    received_at: context.receivedAt.toISOString(),
  };
  const common = {
    ...envelope,
    title: event.title,
    referrer: event.referrer,
    ip: context.ip,
    user_agent: context.userAgent,
  };
  let payload: FormSubmittedV1 | PageviewV1 | PageActivityV1;
  if (event.type === 'form') {
    payload = { ...common, type: 'form_submitted', submitted_at: event.occurred_at, fields: event.fields };
  } else if (event.type === 'pageview') {
    payload = {
      ...common,
      type: 'pageview',
      viewed_at: event.occurred_at,
      source: classifyTrafficSource(event.url, event.referrer),
      ...readCampaign(event.url),
      geo: context.geo ?? null,
    };
  } else {
    payload = {
      ...envelope,
      type: event.type,
      pageview_id: event.pageview_id,
      duration_seconds: event.duration_seconds,
    };
  }
  const headers: Record<string, string> = {
    [EventHeaders.eventId]: payload.event_id,
    [EventHeaders.eventType]: payload.type,
  };
  if (context.correlationId) headers[EventHeaders.correlationId] = context.correlationId;
  return {
    topic: event.type === 'form' ? Topics.trackingForms : Topics.trackingPageviews,
    key: context.practiceId,
    value: JSON.stringify(payload),
    headers,
  };
}
