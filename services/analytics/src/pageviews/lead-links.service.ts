import { Injectable, Logger } from '@nestjs/common';
import { LeadEventV1, toLeadBroadcast } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { DataSource } from 'typeorm';
import { publishLeadPageviews } from './lead-pageviews';
import { pageviewLockSql } from './pageview-ingest.service';

/** How many lead events a practice's Realtime view loads (newest first); older ones are deleted. */
export const RECENT_LEAD_EVENTS = 100;

/** The timeline event of a website form (people's intake), which names the visitor who sent it. */
const FORM_SUBMISSION = 'form_submission';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEAD_TYPES = new Set(['lead_created', 'lead_updated', 'event_appended']);

function isLeadEvent(value: unknown): value is LeadEventV1 {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<LeadEventV1>;
  return (
    event.v === 1 &&
    typeof event.type === 'string' &&
    LEAD_TYPES.has(event.type) &&
    typeof event.event_id === 'string' &&
    UUID.test(event.event_id) &&
    typeof event.practice_id === 'string' &&
    UUID.test(event.practice_id) &&
    typeof event.person_id === 'string' &&
    UUID.test(event.person_id) &&
    typeof event.person_data === 'object' &&
    event.person_data !== null
  );
}

/** The visitor a form_submission timeline event names (people's intake puts it in content_data). */
export function visitorOfLeadEvent(event: LeadEventV1): string | null {
  if (event.timeline_event?.event_type !== FORM_SUBMISSION) return null;
  const visitor = event.timeline_event.content_data?.visitor_id;
  return typeof visitor === 'string' && visitor.trim() ? visitor : null;
}

/**
 * Applies `people.lead-events` (a list of events, in one transaction): keeps each practice's last 100 lead
 * events as the live connection broadcasts them (for `GET /realtime/events`), the leads' current names, and —
 * identity stitching — links a visitor to the lead their form created or updated, setting person_id on the
 * visitor's pageviews and sessions, earlier ones now and later ones as they are inserted, and putting each
 * pageview newly linked on `analytics.lead-pageviews` (the lead's timeline in people). Idempotent: a
 * redelivered event finds its row; names change only for a newer event.
 */
@Injectable()
export class LeadLinksService {
  private readonly logger = new Logger('LeadLinks');

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async applyBatch(values: readonly unknown[]): Promise<number> {
    const events = values.filter(isLeadEvent);
    if (events.length < values.length) {
      this.logger.warn(`people.lead-events: skipped ${values.length - events.length} unreadable event(s)`);
    }
    if (events.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      const kept: { practice_id: string }[] = await manager.query(
        `INSERT INTO "analytics"."recent_lead_events" ("event_id", "practice_id", "timestamp", "message")
         SELECT r."event_id", r."practice_id", r."timestamp", r."message"
           FROM jsonb_to_recordset($1::jsonb) AS r("event_id" uuid, "practice_id" uuid, "timestamp" timestamptz,
             "message" jsonb)
         ON CONFLICT ("event_id") DO NOTHING
         RETURNING "practice_id"`,
        [
          JSON.stringify(
            events.map((event) => {
              const message = toLeadBroadcast(event);
              return {
                event_id: event.event_id,
                practice_id: event.practice_id,
                timestamp: message.timestamp,
                message,
              };
            }),
          ),
        ],
      );
      const practices = [...new Set(kept.map((row) => row.practice_id))];
      if (practices.length > 0) {
        await manager.query(
          `DELETE FROM "analytics"."recent_lead_events" e
            USING (SELECT "event_id", row_number() OVER (PARTITION BY "practice_id"
                     ORDER BY "timestamp" DESC, "received_at" DESC) AS "rank"
                     FROM "analytics"."recent_lead_events" WHERE "practice_id" = ANY($1::uuid[])) ranked
            WHERE e."event_id" = ranked."event_id" AND ranked."rank" > $2`,
          [practices, RECENT_LEAD_EVENTS],
        );
      }
      // The newest name of each lead of the batch.
      const names = new Map<string, LeadEventV1>();
      for (const event of events) {
        const seen = names.get(event.person_id);
        if (!seen || seen.occurred_at <= event.occurred_at) names.set(event.person_id, event);
      }
      await manager.query(
        `INSERT INTO "analytics"."lead_people" ("person_id", "practice_id", "first_name", "last_name", "changed_at")
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r("person_id" uuid, "practice_id" uuid, "first_name" text,
           "last_name" text, "changed_at" timestamptz)
         ON CONFLICT ("person_id") DO UPDATE
           SET "first_name" = EXCLUDED."first_name", "last_name" = EXCLUDED."last_name",
               "changed_at" = EXCLUDED."changed_at"
           WHERE "analytics"."lead_people"."changed_at" <= EXCLUDED."changed_at"`,
        [
          JSON.stringify(
            [...names.values()].map((event) => ({
              person_id: event.person_id,
              practice_id: event.practice_id,
              first_name: event.person_data.first_name ?? null,
              last_name: event.person_data.last_name ?? null,
              changed_at: event.occurred_at,
            })),
          ),
        ],
      );
      // A visitor is the person of their latest form (the batch's order).
      const linkOf = new Map<string, { practice_id: string; visitor_id: string; person_id: string }>();
      for (const event of events) {
        const visitor = visitorOfLeadEvent(event);
        if (!visitor) continue;
        linkOf.set(`${event.practice_id.toLowerCase()}\u0000${visitor}`, {
          practice_id: event.practice_id,
          visitor_id: visitor,
          person_id: event.person_id,
        });
      }
      const links = [...linkOf.values()];
      if (links.length > 0) {
        // The pageview consumer's lock: a pageview inserted meanwhile is either linked here or finds the link.
        for (const practiceId of [...new Set(links.map((link) => link.practice_id.toLowerCase()))].sort()) {
          await manager.query(pageviewLockSql, [practiceId]);
        }
        const relinked: { event_id: string }[] = await manager.query(
          `WITH links AS (
             SELECT * FROM jsonb_to_recordset($1::jsonb) AS r("practice_id" uuid, "visitor_id" text, "person_id" uuid)
           ), linked AS (
             INSERT INTO "analytics"."visitor_people" ("practice_id", "visitor_id", "person_id")
             SELECT "practice_id", "visitor_id", "person_id" FROM links
             ON CONFLICT ("practice_id", "visitor_id") DO UPDATE
               SET "person_id" = EXCLUDED."person_id", "linked_at" = now()
             RETURNING "practice_id", "visitor_id", "person_id"
           ), views AS (
             UPDATE "analytics"."pageviews" p SET "person_id" = linked."person_id"
               FROM linked
              WHERE p."practice_id" = linked."practice_id" AND p."visitor_id" = linked."visitor_id"
                AND p."person_id" IS DISTINCT FROM linked."person_id"
             RETURNING p."event_id"
           ), linked_sessions AS (
             UPDATE "analytics"."sessions" s SET "person_id" = linked."person_id"
               FROM linked
              WHERE s."practice_id" = linked."practice_id" AND s."visitor_id" = linked."visitor_id"
                AND s."person_id" IS DISTINCT FROM linked."person_id"
           )
           SELECT "event_id" FROM views`,
          [JSON.stringify(links)],
        );
        // The visitor's earlier pageviews join the lead's timeline (a redelivered link changes none: nothing new).
        await publishLeadPageviews(
          manager,
          this.outbox,
          relinked.map((row) => row.event_id),
        );
      }
      return events.length;
    });
  }
}
