import { TRACKING_EVENT_TYPES, TRACKING_LIMITS, TrackingEventType } from '@pp/contracts';
import { parseIsoDateTime } from '@pp/platform';
import { TrackingException, TrackingMessages } from './tracking.exception';

/** One event of a batch once checked: texts trimmed to null where optional, the time clamped. */
export interface CheckedTrackingEvent {
  event_id: string;
  type: TrackingEventType;
  visitor_id: string;
  session_id: string;
  url: string;
  title: string | null;
  referrer: string | null;
  /** ISO 8601 in UTC; the receive time when the snippet's clock was ahead. */
  occurred_at: string;
  /** Form fields as sent ({} for a pageview). */
  fields: Record<string, string>;
  /** heartbeat and pageleave: the pageview's event id they time, when sent. */
  pageview_id: string | null;
  /** heartbeat and pageleave: seconds on the page as the snippet counted them, when sent. */
  duration_seconds: number | null;
}

/** The longest time on a page the ingress takes (a day). */
export const MAX_DURATION_SECONDS = 86_400;

export interface CheckedTrackingBatch {
  site_key: string;
  events: CheckedTrackingEvent[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (detail: string) => TrackingException.invalid(detail);

/** A required text (not blank) of at most `max` characters. */
function requiredText(value: unknown, path: string, max: number): string {
  if (value === undefined || value === null || value === '') throw invalid(TrackingMessages.required(path));
  if (typeof value !== 'string') throw invalid(TrackingMessages.notText(path));
  if (!value.trim()) throw invalid(TrackingMessages.required(path));
  if (value.length > max) throw invalid(TrackingMessages.tooLong(path, max));
  return value;
}

/** An optional text: absent, null or blank is null. */
function optionalText(value: unknown, path: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(TrackingMessages.notText(path));
  if (value.length > max) throw invalid(TrackingMessages.tooLong(path, max));
  return value.trim() ? value : null;
}

function httpUrl(value: unknown, path: string): string {
  const text = requiredText(value, `${path}.url`, TRACKING_LIMITS.maxUrlLength);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(TrackingMessages.url(path));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(TrackingMessages.url(path));
  return text;
}

function formFields(value: unknown, path: string): Record<string, string> {
  if (!isObject(value)) throw invalid(TrackingMessages.fields(path));
  const entries = Object.entries(value);
  if (entries.length > TRACKING_LIMITS.maxFieldsPerForm) throw invalid(TrackingMessages.tooManyFields(path));
  const fields: Record<string, string> = {};
  for (const [name, fieldValue] of entries) {
    if (!name.trim()) throw invalid(TrackingMessages.emptyFieldName(path));
    if (name.length > TRACKING_LIMITS.maxFieldNameLength)
      throw invalid(TrackingMessages.fieldNameTooLong(path));
    if (typeof fieldValue !== 'string') throw invalid(TrackingMessages.fieldNotText(path, name));
    if (fieldValue.length > TRACKING_LIMITS.maxFieldValueLength) {
      throw invalid(TrackingMessages.fieldTooLong(path, name));
    }
    fields[name] = fieldValue;
  }
  return fields;
}

/** Optional seconds on a page: a finite number 0..MAX_DURATION_SECONDS, rounded to whole seconds. */
function durationSeconds(value: unknown, path: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_DURATION_SECONDS) {
    throw invalid(TrackingMessages.duration(path));
  }
  return Math.round(value);
}

function checkEvent(value: unknown, index: number, now: Date): CheckedTrackingEvent {
  const path = `events[${index}]`;
  if (!isObject(value)) throw invalid(TrackingMessages.eventNotObject(path));
  const type = value.type;
  if (typeof type !== 'string' || !(TRACKING_EVENT_TYPES as readonly string[]).includes(type)) {
    throw invalid(TrackingMessages.type(path));
  }
  const eventId = requiredText(value.event_id, `${path}.event_id`, TRACKING_LIMITS.maxIdLength);
  const visitorId = requiredText(value.visitor_id, `${path}.visitor_id`, TRACKING_LIMITS.maxIdLength);
  const sessionId = requiredText(value.session_id, `${path}.session_id`, TRACKING_LIMITS.maxIdLength);
  const url = httpUrl(value.url, path);
  const title = optionalText(value.title, `${path}.title`, TRACKING_LIMITS.maxTitleLength);
  const referrer = optionalText(value.referrer, `${path}.referrer`, TRACKING_LIMITS.maxUrlLength);
  const occurred = parseIsoDateTime(value.occurred_at);
  if (!occurred) throw invalid(TrackingMessages.occurredAt(path));
  const fields = type === 'form' ? formFields(value.fields, path) : {};
  const timing = type === 'heartbeat' || type === 'pageleave';
  const pageviewId = timing
    ? optionalText(value.pageview_id, `${path}.pageview_id`, TRACKING_LIMITS.maxIdLength)
    : null;
  const duration = timing ? durationSeconds(value.duration_seconds, path) : null;
  return {
    event_id: eventId,
    type: type as TrackingEventType,
    visitor_id: visitorId,
    session_id: sessionId,
    url,
    title,
    referrer,
    occurred_at: (occurred > now ? now : occurred).toISOString(),
    fields,
    pageview_id: pageviewId,
    duration_seconds: duration,
  };
}

/**
 * Checks a tracking batch as the snippet posts it (`{site_key, events}`, libs/contracts' TrackingBatchInput)
 * against its shape and TRACKING_LIMITS: the whole batch or nothing, the first problem named (422). Unknown
 * keys are ignored (a newer snippet may send more). An event time ahead of `now` (a visitor's clock) becomes
 * `now`.
 */
export function checkTrackingBatch(body: unknown, now: Date): CheckedTrackingBatch {
  if (!isObject(body)) throw invalid(TrackingMessages.notObject);
  if (typeof body.site_key !== 'string' || !body.site_key.trim()) {
    throw invalid(TrackingMessages.siteKeyRequired);
  }
  const events = body.events;
  if (!Array.isArray(events)) throw invalid(TrackingMessages.eventsRequired);
  if (events.length === 0) throw invalid(TrackingMessages.noEvents);
  if (events.length > TRACKING_LIMITS.maxEvents) throw invalid(TrackingMessages.tooManyEvents);
  return { site_key: body.site_key, events: events.map((event, index) => checkEvent(event, index, now)) };
}
