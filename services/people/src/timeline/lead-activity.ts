import { Injectable } from '@nestjs/common';
import { LeadBroadcastType, LeadEventV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { toPersonData } from '../persons/person-data';
import { TimelineEvent } from './timeline-event.entity';

export type NewTimelineEvent = Pick<TimelineEvent, 'event_type'> &
  Partial<
    Pick<TimelineEvent, 'timestamp' | 'session_id' | 'source_identifier' | 'content_data' | 'event_metadata'>
  >;

export interface AppendOptions {
  /** Inbound activity (a reply, a form, a visit) lights the lead's unseen dot; staff's own actions do not. */
  markUnseen?: boolean;
}

/**
 * The one way a lead's visible state changes: timeline events are written and `lead_updated` (or
 * `lead_created`) goes to the outbox in the caller's transaction, so open consoles refresh
 * (docs/architecture.md#how-events-flow). Every writer in this service goes through here.
 */
@Injectable()
export class LeadActivity {
  constructor(private readonly outbox: Outbox) {}

  /** Appends a timeline event, moves last_activity_at forward and announces it. Returns the event. */
  async append(
    manager: EntityManager,
    person: Person,
    input: NewTimelineEvent,
    options: AppendOptions = {},
  ): Promise<TimelineEvent> {
    const event = await manager.save(
      manager.create(TimelineEvent, {
        practice_id: person.practice_id,
        person_id: person.person_id,
        event_type: input.event_type,
        timestamp: input.timestamp ?? new Date(),
        session_id: input.session_id ?? null,
        source_identifier: input.source_identifier ?? null,
        content_data: input.content_data ?? {},
        event_metadata: input.event_metadata ?? {},
      }),
    );
    if (!person.last_activity_at || person.last_activity_at < event.timestamp) {
      person.last_activity_at = event.timestamp;
    }
    if (options.markUnseen) person.is_unseen = true;
    await manager.update(
      Person,
      { person_id: person.person_id },
      { last_activity_at: person.last_activity_at, is_unseen: person.is_unseen },
    );
    await this.announce(manager, person, 'lead_updated', event);
    return event;
  }

  /** Announces a change of the person itself (fields, stage, seen state, control mode). */
  async announce(
    manager: EntityManager,
    person: Person,
    type: Extract<LeadBroadcastType, 'lead_created' | 'lead_updated'> = 'lead_updated',
    event?: TimelineEvent,
  ): Promise<void> {
    await this.outbox.add<LeadEventV1>(manager, Topics.leadEvents, {
      type,
      practice_id: person.practice_id,
      person_id: person.person_id,
      person_data: toPersonData(person),
      ...(event
        ? {
            timeline_event: {
              event_id: event.event_id,
              event_type: event.event_type,
              timestamp: event.timestamp.toISOString(),
              content_data: event.content_data,
            },
          }
        : {}),
    });
  }
}
