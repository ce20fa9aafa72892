/**
 * Every event payload carries these fields (docs/conventions.md#events-and-jobs).
 * `v` is the payload version: a consumer rejects a version it does not know.
 */
export interface EventEnvelope<TType extends string = string> {
  v: 1;
  event_id: string;
  practice_id: string;
  occurred_at: string;
  type: TType;
}

/** Kafka header names set by the outbox relay. */
export const EventHeaders = {
  eventId: 'event_id',
  eventType: 'event_type',
  correlationId: 'correlation_id',
} as const;
