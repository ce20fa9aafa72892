import { EntityManager } from 'typeorm';
import { PracticeSeed } from './types';

/** Rows per statement: one JSON parameter each, well under PostgreSQL's and pg's limits. */
const CHUNK = 2000;

const PERSON_COLUMNS = `"person_id" uuid, "practice_id" uuid, "first_name" text, "last_name" text, "primary_phone" text,
  "primary_email" text, "stage" text, "created_at" timestamptz, "updated_at" timestamptz,
  "last_activity_at" timestamptz, "is_unseen" boolean, "last_seen_at" timestamptz, "pending_review_type" text,
  "current_outreach_state" jsonb, "next_scheduled_action" timestamptz, "enrichment_data" jsonb,
  "behavioral_insights" jsonb`;

const EVENT_COLUMNS = `"event_id" uuid, "practice_id" uuid, "person_id" uuid, "event_type" text,
  "timestamp" timestamptz, "session_id" text, "source_identifier" text, "content_data" jsonb, "event_metadata" jsonb`;

const DECISION_COLUMNS = `"decision_id" uuid, "practice_id" uuid, "person_id" uuid, "event_id" uuid,
  "action_type" text, "channel" text, "message" text, "subject" text, "reasoning" text, "created_at" timestamptz`;

const names = (columns: string) => columns.replace(/ (uuid|text|timestamptz|boolean|jsonb)/g, '');

/** One multi-row INSERT … SELECT FROM jsonb_to_recordset per chunk; returns the ids actually inserted. */
async function insertRows(
  manager: EntityManager,
  table: string,
  columns: string,
  idColumn: string,
  rows: object[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result: Record<string, string>[] = await manager.query(
      `INSERT INTO "people"."${table}" (${names(columns)})
       SELECT ${names(columns)} FROM jsonb_to_recordset($1::jsonb) AS r(${columns})
       ON CONFLICT DO NOTHING RETURNING "${idColumn}"`,
      [JSON.stringify(rows.slice(i, i + CHUNK))],
    );
    for (const row of result) inserted.add(row[idColumn]);
  }
  return inserted;
}

export interface Inserted {
  persons: number;
  events: number;
  decisions: number;
}

/**
 * Writes a practice's seed. A lead's events and decision are written only when the lead itself is new:
 * re-running adds nothing, and a lead staff have already worked on is never given a second history.
 */
export async function insertPracticeSeed(manager: EntityManager, seed: PracticeSeed): Promise<Inserted> {
  const persons = await insertRows(manager, 'persons', PERSON_COLUMNS, 'person_id', seed.persons);
  const events = seed.events.filter((e) => persons.has(e.person_id));
  const decisions = seed.decisions.filter((d) => persons.has(d.person_id));
  const insertedEvents = await insertRows(manager, 'events', EVENT_COLUMNS, 'event_id', events);
  const insertedDecisions = await insertRows(
    manager,
    'pending_decisions',
    DECISION_COLUMNS,
    'decision_id',
    decisions,
  );
  return { persons: persons.size, events: insertedEvents.size, decisions: insertedDecisions.size };
}
