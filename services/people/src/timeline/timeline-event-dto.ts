import { TimelineEventDto } from '@pp/contracts';
import { TimelineEvent } from './timeline-event.entity';

/** An event as the API shows it (docs/product/leads.md#event), timestamp in ISO 8601. */
export function toTimelineEventDto(event: TimelineEvent): TimelineEventDto {
  return {
    event_id: event.event_id,
    person_id: event.person_id,
    event_type: event.event_type,
    timestamp: event.timestamp.toISOString(),
    session_id: event.session_id,
    source_identifier: event.source_identifier,
    content_data: event.content_data,
    event_metadata: event.event_metadata,
  };
}
