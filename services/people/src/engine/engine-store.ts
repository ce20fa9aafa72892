import type { ScheduledActionState } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import type { LeadFacts } from './decision-rules';
import { EngineActionStatus } from './engine-action.entity';
import { OUTBOUND_TYPES, TimelineFact } from './insights-rules';
import { matchedLocationId } from './lead-location';
import { EngineLocation, EnginePractice, leadLocation } from './practice-settings';

/** How many timeline events the engine reads for a lead (the newest). */
const TIMELINE_LIMIT = 200;

/** The lead, row-locked for the rest of the transaction (every engine change to a lead runs under this lock). */
export function lockPerson(manager: EntityManager, personId: string): Promise<Person | null> {
  return manager.findOne(Person, { where: { person_id: personId }, lock: { mode: 'pessimistic_write' } });
}

/** What the decision rules need of the lead (consent is read apart: `readConsentFacts`). */
export function leadFacts(person: Person, contactedBefore = true): LeadFacts {
  return {
    stage: person.stage,
    control_mode: person.current_outreach_state?.control_mode === 'human' ? 'human' : 'ai',
    opted_out: person.current_outreach_state?.opted_out === true,
    has_phone: Boolean(person.primary_phone),
    has_email: Boolean(person.primary_email),
    contacted_before: contactedBefore,
  };
}

/** What the practice knows of a phone number, over every lead that has it (`phoneNumberFacts`). */
export interface PhoneNumberFacts {
  /**
   * Someone answers for the number: it texted or called the practice, or staff entered it (a lead with it that no
   * website form brought). Else it is only a number typed into a public form.
   */
  vouched: boolean;
  /** Texts and calls that went to the number in the last 24 hours. */
  textsOrCallsToday: number;
  /** On the practice's block list: never texted or called (docs/decisions/0043-number-block-list.md). */
  blocked: boolean;
}

/**
 * The facts of the leads' phone numbers in their practices, in one statement, over every lead of the practice
 * with the number: whether someone answers for it, how many texts and calls went to it in the last 24 hours,
 * by the timestamps the timeline gave them when they went out, and whether it is on the practice's block list. Keyed by `phoneNumberKey`; a lead without a phone
 * has no entry.
 */
export async function phoneNumberFacts(
  manager: EntityManager,
  people: readonly Pick<Person, 'practice_id' | 'primary_phone'>[],
): Promise<Map<string, PhoneNumberFacts>> {
  const numbered = people.filter((person) => person.primary_phone);
  if (numbered.length === 0) return new Map();
  const rows: {
    practice_id: string;
    primary_phone: string;
    vouched: boolean;
    sent: string;
    blocked: boolean;
  }[] = await manager.query(
    // OFFSET 0 keeps each EXISTS a lookup in the lead's own timeline (events_person_timestamp_idx): without it
    // PostgreSQL may hash the whole of "events" for the OR of two EXISTS (a sequential scan of every practice's
    // timeline on every batch: 20 ms at the benchmark's 13,000 events, and growing with the table).
    `WITH "leads" AS (
         SELECT p."practice_id", p."primary_phone",
                EXISTS (SELECT 1 FROM "people"."events" e WHERE e."person_id" = p."person_id"
                          AND e."event_type" IN ('sms_received', 'phone_call_received') OFFSET 0)
                OR NOT EXISTS (SELECT 1 FROM "people"."events" e WHERE e."person_id" = p."person_id"
                                 AND e."event_type" = 'form_submission' OFFSET 0) AS "vouched",
                (SELECT count(*) FROM "people"."events" e WHERE e."person_id" = p."person_id"
                   AND e."event_type" IN ('sms_sent', 'phone_call_sent')
                   AND e."timestamp" > now() - interval '24 hours') AS "sent"
         FROM "people"."persons" p
         JOIN unnest($1::uuid[], $2::text[]) AS n("practice_id", "phone")
           ON p."practice_id" = n."practice_id" AND p."primary_phone" = n."phone"
       )
       SELECT l."practice_id", l."primary_phone", bool_or(l."vouched") AS "vouched", sum(l."sent") AS "sent",
              EXISTS (SELECT 1 FROM "people"."blocked_numbers" b
                       WHERE b."practice_id" = l."practice_id" AND b."phone_number" = l."primary_phone") AS "blocked"
       FROM "leads" l GROUP BY l."practice_id", l."primary_phone"`,
    [numbered.map((person) => person.practice_id), numbered.map((person) => person.primary_phone)],
  );
  return new Map(
    rows.map((row) => [
      phoneNumberKey(row),
      { vouched: row.vouched, textsOrCallsToday: Number(row.sent), blocked: row.blocked },
    ]),
  );
}

export const phoneNumberKey = (person: { practice_id: string; primary_phone: string | null }) =>
  `${person.practice_id} ${person.primary_phone}`;

/** The lead's newest timeline events, oldest first. */
export async function readTimeline(manager: EntityManager, personId: string): Promise<TimelineFact[]> {
  const events = await manager.getRepository(TimelineEvent).find({
    where: { person_id: personId },
    order: { timestamp: 'DESC' },
    take: TIMELINE_LIMIT,
  });
  return events.reverse();
}

/** `readTimeline` of several leads in one statement: each lead's newest events, oldest first. */
export async function readTimelines(
  manager: EntityManager,
  personIds: readonly string[],
): Promise<Map<string, TimelineFact[]>> {
  const rows: (TimelineFact & { person_id: string })[] = await manager.query(
    `SELECT "event_id", "person_id", "event_type", "timestamp", "session_id", "content_data" FROM (
       SELECT e.*, row_number() OVER (PARTITION BY e."person_id" ORDER BY e."timestamp" DESC) AS "n"
       FROM "people"."events" e WHERE e."person_id" = ANY($1::uuid[])
     ) AS e WHERE "n" <= $2 ORDER BY "person_id", "timestamp" ASC`,
    [[...new Set(personIds)], TIMELINE_LIMIT],
  );
  const timelines = new Map<string, TimelineFact[]>();
  for (const { person_id, ...fact } of rows) {
    const list = timelines.get(person_id) ?? [];
    list.push(fact);
    timelines.set(person_id, list);
  }
  return timelines;
}

/**
 * The lead's location read from its timeline: the one its latest inquiry named, else the primary
 * (docs/product/ai-engine.md#what-the-engine-stores). Null without a known practice.
 */
export async function matchedLocation(
  manager: EntityManager,
  practice: EnginePractice | null,
  personId: string,
): Promise<EngineLocation | null> {
  if (!practice) return null;
  return leadLocation(practice, matchedLocationId(practice, await readTimeline(manager, personId), null));
}

/** Outbound messages in the timeline: how many, the last one, and follow-ups since the lead last wrote. */
export function outboundFacts(events: readonly TimelineFact[], inboundTypes: readonly string[]) {
  let lastInbound: Date | null = null;
  let lastOutbound: Date | null = null;
  let outbound = 0;
  let inbound = 0;
  for (const event of events) {
    // An automatic answer (out-of-office: docs/decisions/0018-email-replies.md) is not the lead replying.
    if (inboundTypes.includes(event.event_type) && event.content_data?.status !== 'auto_reply') {
      inbound++;
      if (!lastInbound || event.timestamp > lastInbound) lastInbound = event.timestamp;
    }
    if (OUTBOUND_TYPES.includes(event.event_type)) {
      outbound++;
      if (!lastOutbound || event.timestamp > lastOutbound) lastOutbound = event.timestamp;
    }
  }
  return { inbound, outbound, lastInbound, lastOutbound };
}

/** Speed to lead fields, which intake adds to the person (read and written by SQL, set once). */
export async function readSpeedFields(
  manager: EntityManager,
  personId: string,
): Promise<{ first_inquiry_at: Date | null; speed_to_lead_seconds: number | null }> {
  const [row]: { first_inquiry_at: Date | null; speed_to_lead_seconds: number | null }[] =
    await manager.query(
      `SELECT "first_inquiry_at", "speed_to_lead_seconds" FROM "people"."persons" WHERE "person_id" = $1`,
      [personId],
    );
  return row ?? { first_inquiry_at: null, speed_to_lead_seconds: null };
}

/**
 * Sets speed_to_lead_seconds once: the seconds from the first inquiry (first_inquiry_at, else the lead's
 * creation) to `at`, the first message sent or the first review opened.
 */
export async function recordSpeedToLead(manager: EntityManager, personId: string, at: Date): Promise<void> {
  await manager.query(
    `UPDATE "people"."persons"
       SET "speed_to_lead_seconds" = GREATEST(0, EXTRACT(EPOCH FROM ($2::timestamptz - COALESCE("first_inquiry_at", "created_at"))))
     WHERE "person_id" = $1 AND "speed_to_lead_seconds" IS NULL`,
    [personId, at],
  );
}

/** Merges keys into current_outreach_state (and drops `remove`), keeping the entity in step. */
export async function patchOutreachState(
  manager: EntityManager,
  person: Person,
  patch: Record<string, unknown>,
  remove: string[] = [],
  also: { next_scheduled_action?: Date | null } = {},
): Promise<void> {
  const next: Record<string, unknown> = { ...(person.current_outreach_state ?? {}), ...patch };
  for (const key of remove) delete next[key];
  person.current_outreach_state = next as Person['current_outreach_state'];
  if (also.next_scheduled_action === undefined) {
    await manager.query(
      `UPDATE "people"."persons" SET "current_outreach_state" = $2::jsonb, "updated_at" = now() WHERE "person_id" = $1`,
      [person.person_id, JSON.stringify(next)],
    );
    return;
  }
  // With the lead's next scheduled action in the same statement (one round trip).
  person.next_scheduled_action = also.next_scheduled_action;
  await manager.query(
    `UPDATE "people"."persons"
     SET "current_outreach_state" = $2::jsonb, "next_scheduled_action" = $3, "updated_at" = now()
     WHERE "person_id" = $1`,
    [person.person_id, JSON.stringify(next), also.next_scheduled_action],
  );
}

/** The action the lead's state names as its next one, if any. */
export function currentActionId(person: Person): string | null {
  const state = person.current_outreach_state?.scheduled_action as ScheduledActionState | undefined;
  return state?.action_id ?? null;
}

/**
 * Ends every scheduled action of the lead (`cancelled` when outreach stops, `superseded` when newer news
 * replaces it) and clears the plan on the lead: current_outreach_state.scheduled_action and, when it was the
 * engine's, next_scheduled_action (kept when a staff action just set its own). Returns how many were ended.
 */
export async function endScheduledActions(
  manager: EntityManager,
  person: Person,
  status: Extract<EngineActionStatus, 'cancelled' | 'superseded'>,
  why: string,
  options: { keepNextScheduledAction?: boolean } = {},
): Promise<number> {
  const rows: unknown[] = await manager.query(
    `UPDATE "people"."engine_actions" SET "status" = $2, "finished_at" = now(), "outcome" = $3::jsonb
     WHERE "person_id" = $1 AND "status" = 'scheduled' RETURNING "action_id"`,
    [person.person_id, status, JSON.stringify({ why })],
  );
  const ended = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length : rows.length;
  if (currentActionId(person)) {
    await patchOutreachState(
      manager,
      person,
      {},
      ['scheduled_action'],
      options.keepNextScheduledAction ? {} : { next_scheduled_action: null },
    );
  }
  return ended;
}

/** Marks an action finished with what it did. */
export async function finishAction(
  manager: EntityManager,
  actionId: string,
  status: Exclude<EngineActionStatus, 'scheduled'>,
  outcome: Record<string, unknown>,
): Promise<void> {
  await finishActions(manager, [{ action_id: actionId, status, outcome }]);
}

/** Marks several actions finished, each with what it did, in one statement. */
export async function finishActions(
  manager: EntityManager,
  finished: readonly {
    action_id: string;
    status: Exclude<EngineActionStatus, 'scheduled'>;
    outcome: Record<string, unknown>;
  }[],
): Promise<void> {
  if (finished.length === 0) return;
  await manager.query(
    `UPDATE "people"."engine_actions" a SET "status" = f."status", "outcome" = f."outcome", "finished_at" = now()
     FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) AS f("action_id", "status", "outcome")
     WHERE a."action_id" = f."action_id"`,
    [
      finished.map((f) => f.action_id),
      finished.map((f) => f.status),
      finished.map((f) => JSON.stringify(f.outcome)),
    ],
  );
}

/**
 * The leads (locked by the caller) no longer show a plan: their scheduled action is being carried out now. One
 * statement for all of them; the entities kept in step.
 */
export async function clearPlans(manager: EntityManager, people: readonly Person[]): Promise<void> {
  if (people.length === 0) return;
  for (const person of people) {
    const next: Record<string, unknown> = { ...(person.current_outreach_state ?? {}) };
    delete next.scheduled_action;
    person.current_outreach_state = next as Person['current_outreach_state'];
    person.next_scheduled_action = null;
  }
  await manager.query(
    `UPDATE "people"."persons"
     SET "current_outreach_state" = COALESCE("current_outreach_state", '{}'::jsonb) - 'scheduled_action',
       "next_scheduled_action" = NULL, "updated_at" = now()
     WHERE "person_id" = ANY($1::uuid[])`,
    [people.map((person) => person.person_id)],
  );
}
