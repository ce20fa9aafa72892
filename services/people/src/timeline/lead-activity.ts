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
 * Writes a timeline event in the caller's transaction without announcing it. Only for writers that announce
 * later or never (opening an AI decision: the seed and `DecisionsService.open`, which announces); everything
 * else uses `LeadActivity.append`. The only place that inserts into `people.events`
 * (lead-activity.boundary.spec.ts keeps it so).
 */
export async function writeTimelineEvent(
  manager: EntityManager,
  person: Pick<Person, 'practice_id' | 'person_id'>,
  input: NewTimelineEvent,
): Promise<TimelineEvent> {
  return manager.save(
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
}

/** How a review item was closed, written on its pending_review event. */
export interface ReviewResolution {
  status: 'approved' | 'edited' | 'dismissed';
  at: Date;
  byName: string | null;
}

/**
 * Marks a decision's pending_review event resolved (the console's review box closes on resolved_at): the
 * event it points at, or the one whose original_decision names it.
 */
export async function resolvePendingReviewEvent(
  manager: EntityManager,
  decision: { person_id: string; event_id: string | null; decision_id: string },
  resolution: ReviewResolution,
): Promise<void> {
  await manager.query(
    `UPDATE "people"."events"
       SET "content_data" = "content_data" || jsonb_build_object('resolved_at', $3::text, 'resolution', $4::text),
           "event_metadata" = "event_metadata" || jsonb_build_object('resolved_by', $5::text)
     WHERE "person_id" = $1 AND "event_type" = 'pending_review'
       AND ("event_id" = $2 OR "content_data"->'original_decision'->>'decision_id' = $6)`,
    [
      decision.person_id,
      decision.event_id,
      resolution.at.toISOString(),
      resolution.status,
      resolution.byName,
      decision.decision_id,
    ],
  );
}

/**
 * Merges keys into a recorded event's content_data (a provider's delivery status on `sms_sent`,
 * docs/product/channels.md#delivery-status) after `decide` saw its current content, the row locked in the
 * caller's transaction. `decide` returns the keys to merge, or null to leave it. False when nothing changed.
 */
export async function updateEventContent(
  manager: EntityManager,
  eventId: string,
  decide: (content: Record<string, unknown>) => Record<string, unknown> | null,
): Promise<boolean> {
  const [row]: { content_data: Record<string, unknown> | null }[] = await manager.query(
    `SELECT "content_data" FROM "people"."events" WHERE "event_id" = $1 FOR UPDATE`,
    [eventId],
  );
  const patch = row ? decide(row.content_data ?? {}) : null;
  if (!patch) return false;
  await manager.query(
    `UPDATE "people"."events" SET "content_data" = "content_data" || $2::jsonb WHERE "event_id" = $1`,
    [eventId, JSON.stringify(patch)],
  );
  return true;
}

/**
 * Adds keys to an event's event_metadata (the AI engine's analysis of an inbound event: ai_content_analysis,
 * calculated_lead_score). The caller announces the lead.
 */
export async function annotateEvent(
  manager: EntityManager,
  event: { person_id: string; event_id: string },
  metadata: Record<string, unknown>,
): Promise<void> {
  await manager.query(
    `UPDATE "people"."events" SET "event_metadata" = "event_metadata" || $3::jsonb
     WHERE "person_id" = $1 AND "event_id" = $2`,
    [event.person_id, event.event_id, JSON.stringify(metadata)],
  );
}

/** Marks the lead's open escalations as answered by a logged outcome. */
export async function resolveEscalationEvents(
  manager: EntityManager,
  personId: string,
  at: Date,
): Promise<void> {
  await manager.query(
    `UPDATE "people"."events"
       SET "content_data" = "content_data" || jsonb_build_object('outcome_logged', true, 'resolved_at', $2::text)
     WHERE "person_id" = $1 AND "event_type" = 'ai_escalation'
       AND ("content_data"->>'resolved_at') IS NULL
       AND ("content_data"->>'outcome_logged') IS DISTINCT FROM 'true'`,
    [personId, at.toISOString()],
  );
}

/**
 * The one way a lead's visible state changes: timeline events are written and `lead_updated` (or
 * `lead_created`) goes to the outbox in the caller's transaction, so open consoles refresh
 * (docs/architecture.md#how-events-flow). Every writer of lead events in this service goes through this file.
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
    const event = await writeTimelineEvent(manager, person, input);
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
              source: typeof event.event_metadata?.source === 'string' ? event.event_metadata.source : null,
            },
          }
        : {}),
    });
  }
}
