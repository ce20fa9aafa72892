import { Injectable } from '@nestjs/common';
import { LeadBroadcastType, LeadEventV1, Topics } from '@pp/contracts';
import { NewEvent, Outbox } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { toPersonData } from '../persons/person-data';
import { TimelineEvent } from './timeline-event.entity';

export type NewTimelineEvent = Pick<TimelineEvent, 'event_type'> &
  Partial<
    Pick<TimelineEvent, 'timestamp' | 'session_id' | 'source_identifier' | 'content_data' | 'event_metadata'>
  >;

/**
 * `writePeople: false`: the caller writes the leads once, as they are at the end of its batch
 * (engine-store.ts writePeople), instead of each batch write updating them on its own (every update of a lead
 * writes a new version of its row and, unless it is HOT, an entry in each of its indexes).
 */
export interface PeopleWrites {
  writePeople?: boolean;
}

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
  return manager.save(timelineEvent(manager, person, input));
}

/** Inserts events given as column arrays ($1–$9, `eventRows`), one statement for any number of them. */
const INSERT_EVENTS = `INSERT INTO "people"."events" ("event_id", "practice_id", "person_id", "event_type", "timestamp",
    "session_id", "source_identifier", "content_data", "event_metadata")
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::text[],
    $7::text[], $8::jsonb[], $9::jsonb[])`;

/** The events' columns as arrays, the parameters of INSERT_EVENTS. */
function eventRows(events: readonly TimelineEvent[]): unknown[][] {
  return [
    events.map((e) => e.event_id),
    events.map((e) => e.practice_id),
    events.map((e) => e.person_id),
    events.map((e) => e.event_type),
    events.map((e) => e.timestamp),
    events.map((e) => e.session_id),
    events.map((e) => e.source_identifier),
    events.map((e) => JSON.stringify(e.content_data)),
    events.map((e) => JSON.stringify(e.event_metadata)),
  ];
}

/**
 * Writes several timeline events in one statement without announcing them (a batch of forms taken in at once:
 * the caller announces with `LeadActivity.announceCreated`). Their ids are made here.
 */
export async function writeTimelineEvents(
  manager: EntityManager,
  items: readonly { person: Pick<Person, 'practice_id' | 'person_id'>; input: NewTimelineEvent }[],
): Promise<TimelineEvent[]> {
  const events = items.map(({ person, input }) => timelineEvent(manager, person, input, randomUUID()));
  if (events.length === 0) return events;
  await manager.query(INSERT_EVENTS, eventRows(events));
  return events;
}

/** The event a writer is about to insert (its id from the database unless given). */
function timelineEvent(
  manager: EntityManager,
  person: Pick<Person, 'practice_id' | 'person_id'>,
  input: NewTimelineEvent,
  eventId?: string,
): TimelineEvent {
  return manager.create(TimelineEvent, {
    ...(eventId ? { event_id: eventId } : {}),
    practice_id: person.practice_id,
    person_id: person.person_id,
    event_type: input.event_type,
    timestamp: input.timestamp ?? new Date(),
    session_id: input.session_id ?? null,
    source_identifier: input.source_identifier ?? null,
    content_data: input.content_data ?? {},
    event_metadata: input.event_metadata ?? {},
  });
}

/** A website pageview as its timeline event (services/people/src/web-sessions/pageview-timeline.ts). */
export interface PageviewEventInput {
  practice_id: string;
  person_id: string;
  /** ISO 8601: when the page was viewed. */
  timestamp: string;
  session_id: string;
  /** analytics' id of the pageview: one event per pageview and practice. */
  source_identifier: string;
  content_data: Record<string, unknown>;
  event_metadata: Record<string, unknown>;
}

/** A pageview event after `writePageviewEvents`. */
export interface WrittenPageviewEvent {
  event_id: string;
  person_id: string;
  session_id: string;
  timestamp: Date;
  /** Whose timeline had it before (null: it is new); another person's when the visitor was linked anew. */
  previous_person_id: string | null;
}

/**
 * Writes website pageviews as `pageview` events, one per (practice, analytics' pageview id): a new one is
 * inserted, a known one updated in place (its lead, when the visitor was linked to another; its content, the
 * duration never shortened). Without announcing: the caller (the web sessions consumer) announces each lead
 * once per batch and moves last_activity_at. In the caller's transaction.
 */
export async function writePageviewEvents(
  manager: EntityManager,
  rows: readonly PageviewEventInput[],
): Promise<WrittenPageviewEvent[]> {
  if (rows.length === 0) return [];
  const before: { source_identifier: string; person_id: string }[] = await manager.query(
    `SELECT e."source_identifier", e."person_id" FROM "people"."events" e
       JOIN unnest($1::uuid[], $2::text[]) AS k("practice_id", "source_identifier")
         ON e."practice_id" = k."practice_id" AND e."source_identifier" = k."source_identifier"
      WHERE e."event_type" = 'pageview'
      ORDER BY e."event_id" FOR UPDATE OF e`,
    [rows.map((row) => row.practice_id), rows.map((row) => row.source_identifier)],
  );
  const previous = new Map(before.map((row) => [row.source_identifier, row.person_id]));
  const written: {
    event_id: string;
    person_id: string;
    session_id: string;
    timestamp: Date;
    source_identifier: string;
  }[] = await manager.query(
    `INSERT INTO "people"."events" ("practice_id", "person_id", "event_type", "timestamp", "session_id",
         "source_identifier", "content_data", "event_metadata")
       SELECT r."practice_id", r."person_id", 'pageview', r."timestamp", r."session_id", r."source_identifier",
              r."content_data", r."event_metadata"
         FROM jsonb_to_recordset($1::jsonb) AS r("practice_id" uuid, "person_id" uuid, "timestamp" timestamptz,
           "session_id" text, "source_identifier" text, "content_data" jsonb, "event_metadata" jsonb)
       ON CONFLICT ("practice_id", "source_identifier") WHERE "event_type" = 'pageview' DO UPDATE
         SET "person_id" = EXCLUDED."person_id",
             "timestamp" = EXCLUDED."timestamp",
             "session_id" = EXCLUDED."session_id",
             "content_data" = "people"."events"."content_data" || EXCLUDED."content_data" || jsonb_build_object(
               'duration_seconds', GREATEST(("people"."events"."content_data"->>'duration_seconds')::numeric,
                 (EXCLUDED."content_data"->>'duration_seconds')::numeric)),
             "event_metadata" = "people"."events"."event_metadata" || EXCLUDED."event_metadata"
       RETURNING "event_id", "person_id", "session_id", "timestamp", "source_identifier"`,
    [JSON.stringify(rows)],
  );
  return written.map((row) => ({
    event_id: row.event_id,
    person_id: row.person_id,
    session_id: row.session_id,
    timestamp: row.timestamp,
    previous_person_id: previous.get(row.source_identifier) ?? null,
  }));
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

/** An event's keys to add to its event_metadata (`annotateEvents`). */
export interface EventAnnotation {
  person_id: string;
  event_id: string;
  metadata: Record<string, unknown>;
}

/**
 * Adds keys to events' event_metadata (the AI engine's analysis of inbound events: ai_content_analysis,
 * calculated_lead_score), one statement for a batch. The caller announces the leads.
 */
export async function annotateEvents(
  manager: EntityManager,
  events: readonly EventAnnotation[],
): Promise<void> {
  if (events.length === 0) return;
  await manager.query(
    `UPDATE "people"."events" e SET "event_metadata" = e."event_metadata" || a."metadata"
     FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[]) AS a("person_id", "event_id", "metadata")
     WHERE e."person_id" = a."person_id" AND e."event_id" = a."event_id"`,
    [
      events.map((e) => e.person_id),
      events.map((e) => e.event_id),
      events.map((e) => JSON.stringify(e.metadata)),
    ],
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

  /**
   * Appends a timeline event, moves last_activity_at forward and announces it, in one statement (this runs
   * several times for every lead: docs/PERFORMANCE.md#speed-to-lead-issue-11). Returns the event.
   */
  async append(
    manager: EntityManager,
    person: Person,
    input: NewTimelineEvent,
    options: AppendOptions = {},
  ): Promise<TimelineEvent> {
    // Its id is made here: the announcement in the same statement names it.
    const event = timelineEvent(manager, person, input, randomUUID());
    if (!person.last_activity_at || person.last_activity_at < event.timestamp) {
      person.last_activity_at = event.timestamp;
    }
    if (options.markUnseen) person.is_unseen = true;
    const row = this.outbox.prepare(
      manager,
      Topics.leadEvents,
      this.leadEvent(person, 'lead_updated', event),
      11,
    );
    await manager.query(
      `WITH "event" AS (
         INSERT INTO "people"."events" ("event_id", "practice_id", "person_id", "event_type", "timestamp",
           "session_id", "source_identifier", "content_data", "event_metadata")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ), "person" AS (
         UPDATE "people"."persons" SET "last_activity_at" = $5, "is_unseen" = $10, "updated_at" = CURRENT_TIMESTAMP
         WHERE "person_id" = $3
       ), ${row.cte} ${row.select}`,
      [
        event.event_id,
        event.practice_id,
        event.person_id,
        event.event_type,
        person.last_activity_at,
        event.session_id,
        event.source_identifier,
        JSON.stringify(event.content_data),
        JSON.stringify(event.event_metadata),
        person.is_unseen,
        ...row.params,
      ],
    );
    return event;
  }

  /**
   * `append` of several events in two statements (a batch of sends, ADR 0032): the events and their people's
   * last_activity_at and is_unseen in one, their `lead_updated` announcements in another. Each event is applied
   * to its person in the order given, exactly as `append` one after the other would (a person's announcement
   * carries it as it was after that event), so a person may have several events here. Returns the events, in
   * the order given.
   */
  async appendMany(
    manager: EntityManager,
    items: readonly { person: Person; input: NewTimelineEvent; options?: AppendOptions }[],
    batch: PeopleWrites = {},
  ): Promise<TimelineEvent[]> {
    if (items.length === 0) return [];
    const events: TimelineEvent[] = [];
    const announcements: NewEvent<LeadEventV1>[] = [];
    const people = new Map<string, Person>();
    for (const { person, input, options } of items) {
      const event = timelineEvent(manager, person, input, randomUUID());
      if (!person.last_activity_at || person.last_activity_at < event.timestamp) {
        person.last_activity_at = event.timestamp;
      }
      if (options?.markUnseen) person.is_unseen = true;
      events.push(event);
      announcements.push(this.leadEvent(person, 'lead_updated', event));
      people.set(person.person_id, person);
    }
    if (batch.writePeople === false) {
      // The caller writes the leads: the events alone (an update of no lead still fires persons' triggers).
      await manager.query(INSERT_EVENTS, eventRows(events));
      await this.outbox.addMany<LeadEventV1>(manager, Topics.leadEvents, announcements);
      return events;
    }
    const touched = [...people.values()];
    await manager.query(
      `WITH "event" AS (${INSERT_EVENTS})
       UPDATE "people"."persons" AS p
          SET "last_activity_at" = r."last_activity_at", "is_unseen" = r."is_unseen", "updated_at" = CURRENT_TIMESTAMP
         FROM unnest($10::uuid[], $11::timestamptz[], $12::boolean[]) AS r("person_id", "last_activity_at", "is_unseen")
        WHERE p."person_id" = r."person_id"`,
      [
        ...eventRows(events),
        touched.map((p) => p.person_id),
        touched.map((p) => p.last_activity_at),
        touched.map((p) => p.is_unseen),
      ],
    );
    await this.outbox.addMany<LeadEventV1>(manager, Topics.leadEvents, announcements);
    return events;
  }

  /** Announces new leads with the events that made them (`lead_created`), in one statement. */
  async announceCreated(
    manager: EntityManager,
    leads: readonly { person: Person; event: TimelineEvent }[],
  ): Promise<void> {
    await this.outbox.addMany<LeadEventV1>(
      manager,
      Topics.leadEvents,
      leads.map(({ person, event }) => this.leadEvent(person, 'lead_created', event)),
    );
  }

  /** Announces a change of the person itself (fields, stage, seen state, control mode). */
  async announce(
    manager: EntityManager,
    person: Person,
    type: Extract<LeadBroadcastType, 'lead_created' | 'lead_updated'> = 'lead_updated',
    event?: TimelineEvent,
  ): Promise<void> {
    await this.outbox.add<LeadEventV1>(manager, Topics.leadEvents, this.leadEvent(person, type, event));
  }

  /** Announces changes of several people (a batch's leads, each as it now is) in one statement. */
  async announceMany(manager: EntityManager, people: readonly Person[]): Promise<void> {
    if (people.length === 0) return;
    await this.outbox.addMany<LeadEventV1>(
      manager,
      Topics.leadEvents,
      people.map((person) => this.leadEvent(person, 'lead_updated')),
    );
  }

  private leadEvent(
    person: Person,
    type: Extract<LeadBroadcastType, 'lead_created' | 'lead_updated'>,
    event?: TimelineEvent,
  ): NewEvent<LeadEventV1> {
    return {
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
    };
  }
}
