import type { TimelineEventDto } from '@pp/contracts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * An event as the views may rely on it. Every field of an event is optional on the wire
 * (docs/product/leads.md, person and event model): content_data and event_metadata may be null, missing or
 * not an object, session_id and source_identifier may be missing. Here they become {} and null, so no
 * view has to guard each read. An event without an id gets one from its position; one without a readable
 * time is dropped (it cannot be placed on the timeline).
 */
export function normaliseEvent(raw: unknown, index: number): TimelineEventDto | null {
  if (!isRecord(raw)) return null;
  const timestamp = textOrNull(raw.timestamp);
  if (!timestamp || Number.isNaN(new Date(timestamp).getTime())) return null;
  return {
    event_id: textOrNull(raw.event_id) ?? `event-${index}`,
    person_id: textOrNull(raw.person_id) ?? '',
    event_type: textOrNull(raw.event_type) ?? 'unknown',
    timestamp,
    session_id: textOrNull(raw.session_id),
    source_identifier: textOrNull(raw.source_identifier),
    content_data: isRecord(raw.content_data) ? raw.content_data : {},
    event_metadata: isRecord(raw.event_metadata) ? raw.event_metadata : {},
  };
}

export function normaliseEvents(raw: unknown): TimelineEventDto[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(normaliseEvent).filter((event): event is TimelineEventDto => event !== null);
}
