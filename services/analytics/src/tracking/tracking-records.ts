import { EventHeaders, FormSubmittedV1, PageviewV1, Topics } from '@pp/contracts';
import { OutgoingRecord } from '@pp/platform';
import { v5 as uuidv5 } from 'uuid';
import { CheckedTrackingEvent } from './tracking-rules';

/**
 * The envelope event id of a tracking event: UUID v5 (RFC 4122, SHA-1 name-based) of the snippet's event id
 * in the practice's namespace (its id). The same event sent again (a retry after a timeout, a double submit)
 * gets the same id, so people's inbox creates nothing new; the same event id at two practices never collides.
 */
export function trackingEnvelopeId(practiceId: string, trackingEventId: string): string {
  return uuidv5(trackingEventId, practiceId);
}

/** What the ingress knows of the request besides the batch. */
export interface TrackingRequestContext {
  practiceId: string;
  receivedAt: Date;
  ip: string | null;
  userAgent: string | null;
  correlationId?: string;
}

/** A checked event as the record the ingress publishes: forms on tracking.forms, pageviews on tracking.pageviews. */
export function trackingRecord(event: CheckedTrackingEvent, context: TrackingRequestContext): OutgoingRecord {
  const common = {
    v: 1 as const,
    event_id: trackingEnvelopeId(context.practiceId, event.event_id),
    practice_id: context.practiceId,
    occurred_at: event.occurred_at,
    tracking_event_id: event.event_id,
    visitor_id: event.visitor_id,
    session_id: event.session_id,
    url: event.url,
    title: event.title,
    referrer: event.referrer,
    received_at: context.receivedAt.toISOString(),
    ip: context.ip,
    user_agent: context.userAgent,
  };
  const payload: FormSubmittedV1 | PageviewV1 =
    event.type === 'form'
      ? { ...common, type: 'form_submitted', submitted_at: event.occurred_at, fields: event.fields }
      : { ...common, type: 'pageview', viewed_at: event.occurred_at };
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
