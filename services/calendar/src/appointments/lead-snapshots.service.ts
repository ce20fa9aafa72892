import { Injectable, Logger } from '@nestjs/common';
import type { LeadEventV1 } from '@pp/contracts';
import { DataSource } from 'typeorm';
import { phoneKey } from '../sync/sync-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The inbox's name for this consumer of people.lead-events. */
export const LEAD_SNAPSHOTS_CONSUMER = 'calendar.lead-snapshots';

/** A lead event that names a person and carries its data (the event id: the inbox's key). */
function isLeadEvent(event: unknown): event is LeadEventV1 {
  const candidate = event as Partial<LeadEventV1> | null;
  return (
    !!candidate &&
    typeof candidate === 'object' &&
    (candidate.type === 'lead_updated' ||
      candidate.type === 'lead_created' ||
      candidate.type === 'event_appended') &&
    typeof candidate.event_id === 'string' &&
    UUID.test(candidate.event_id) &&
    typeof candidate.practice_id === 'string' &&
    typeof candidate.person_id === 'string' &&
    UUID.test(candidate.practice_id) &&
    UUID.test(candidate.person_id) &&
    typeof candidate.person_data === 'object' &&
    candidate.person_data !== null
  );
}

/** What one event says about its lead, with its place in the batch (`ord`: later is newer). */
function snapshotOf(event: LeadEventV1, ord: number) {
  const data = event.person_data;
  const first = text(data.first_name);
  const last = text(data.last_name);
  const phone = text(data.primary_phone);
  return {
    ord,
    event_id: event.event_id,
    practice_id: event.practice_id,
    person_id: event.person_id,
    first_name: first,
    last_name: last,
    name: [first, last].filter(Boolean).join(' ').trim() || null,
    email: text(data.primary_email),
    phone,
    phone_key: phoneKey(phone),
  };
}

/**
 * One statement for a whole batch, so it needs no transaction of its own. `fresh`: the inbox (`Inbox`'s table and
 * rule, an event id once per consumer) takes the batch's event ids and returns those it did not know; only they are
 * applied, and recorded only if they are. `latest`: each practice's newest announcement of each lead (the batch's
 * order, which is the partition's: a practice's events arrive in the order people published them), as applying the
 * events one by one would leave it. `owners`: the practice whose directory row a lead is — the one it has, else the
 * first of the batch to announce it (the others' rows would be refused by the upsert's WHERE, as one by one);
 * also one row per lead, which a multi-row upsert needs. `updated_at` is taken per row in the batch's order, so
 * the directory's "most recently announced lead first" (the GoHighLevel match) holds within a batch too. The
 * practice comes from each event: another practice's appointments and directory rows are never touched.
 */
const APPLY_SNAPSHOTS = `
  WITH "events" AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS b("ord" integer, "event_id" uuid, "practice_id" uuid,
      "person_id" uuid, "first_name" text, "last_name" text, "name" text, "email" text, "phone" text,
      "phone_key" text)
  ), "fresh" AS (
    INSERT INTO "calendar"."inbox" ("event_id", "consumer") SELECT "event_id", $2 FROM "events"
    ON CONFLICT DO NOTHING RETURNING "event_id"
  ), "batch" AS (
    SELECT e.* FROM "events" e JOIN "fresh" f ON f."event_id" = e."event_id"
  ), "latest" AS (
    SELECT DISTINCT ON ("practice_id", "person_id") * FROM "batch"
     ORDER BY "practice_id", "person_id", "ord" DESC
  ), "owners" AS (
    SELECT DISTINCT ON (b."person_id") b."person_id", COALESCE(k."practice_id", b."practice_id") AS "practice_id"
      FROM "batch" b LEFT JOIN "calendar"."lead_contacts" k ON k."person_id" = b."person_id"
     ORDER BY b."person_id", b."ord"
  ), "directory" AS (
    INSERT INTO "calendar"."lead_contacts" AS "known"
      ("person_id", "practice_id", "first_name", "last_name", "email", "phone", "phone_key", "updated_at")
    SELECT l."person_id", l."practice_id", l."first_name", l."last_name", lower(l."email"), l."phone",
           l."phone_key", clock_timestamp()
      FROM "latest" l JOIN "owners" o ON o."person_id" = l."person_id" AND o."practice_id" = l."practice_id"
     ORDER BY l."ord"
    ON CONFLICT ("person_id") DO UPDATE SET "first_name" = EXCLUDED."first_name",
      "last_name" = EXCLUDED."last_name", "email" = EXCLUDED."email", "phone" = EXCLUDED."phone",
      "phone_key" = EXCLUDED."phone_key", "updated_at" = EXCLUDED."updated_at"
    WHERE "known"."practice_id" = EXCLUDED."practice_id"
  )
  UPDATE "calendar"."appointments" a
     SET "person_first_name" = l."first_name", "person_last_name" = l."last_name", "person_name" = l."name",
         "person_email" = l."email", "person_phone" = l."phone"
    FROM "latest" l
   WHERE a."practice_id" = l."practice_id" AND a."person_id" = l."person_id"
     AND (a."person_first_name", a."person_last_name", a."person_name", a."person_email", a."person_phone")
         IS DISTINCT FROM (l."first_name", l."last_name", l."name", l."email", l."phone")`;

/**
 * Keeps the person_* columns of a lead's appointments, and the practice's lead directory (`lead_contacts`, how the
 * GoHighLevel sync recognises a booking made there by one of our leads), current from people.lead-events (every
 * change of a lead is announced there with its name, email and phone), a fetched batch at a time: one statement
 * for the batch (the inbox, the directory and the appointments), where one event at a time cost a statement each
 * — a lead is announced about five times. The newest announcement of a lead wins (the partition's order); the
 * inbox skips an event already applied, so a redelivered batch, or an earlier event repeated after a newer one,
 * changes nothing. The enrichment columns (avatar, age, title...) stay as booked: the events do not carry them.
 */
@Injectable()
export class LeadSnapshots {
  private readonly logger = new Logger(LeadSnapshots.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Applies a batch of people.lead-events (in order); the number of appointments changed. */
  async applyBatch(values: readonly unknown[]): Promise<number> {
    // Each event id once, at its first place in the batch (as the inbox's onceEach); an unknown version skipped.
    const seen = new Set<string>();
    const events = values.filter(isLeadEvent).filter((event) => {
      if (event.v !== 1) {
        this.logger.warn(`skipping lead event ${event.event_id} of unknown version ${String(event.v)}`);
        return false;
      }
      const id = event.event_id.toLowerCase();
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (events.length === 0) return 0;
    const [, changed] = (await this.dataSource.query(APPLY_SNAPSHOTS, [
      JSON.stringify(events.map((event, ord) => snapshotOf(event, ord))),
      LEAD_SNAPSHOTS_CONSUMER,
    ])) as [unknown, number];
    return changed;
  }
}
