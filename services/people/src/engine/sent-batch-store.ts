import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { ActionPlanContext, EngineAction, EngineActionStatus } from './engine-action.entity';
import type { PlannedAction } from './decision-rules';

/**
 * The engine's writes for a batch of leads in one statement each (the sends of a batch, ADR 0032), each the
 * same as its one-lead counterpart in engine-store.ts applied to every lead of the batch.
 */

/** `recordSpeedToLead` of several leads (each at most once: the first time given counts). */
export async function recordSpeedToLeadMany(
  manager: EntityManager,
  sent: readonly { person_id: string; at: Date }[],
): Promise<void> {
  const first = [...new Map([...sent].reverse().map((s) => [s.person_id, s.at])).entries()];
  if (first.length === 0) return;
  await manager.query(
    `UPDATE "people"."persons" AS p
       SET "speed_to_lead_seconds" = GREATEST(0, EXTRACT(EPOCH FROM (r."at" - COALESCE(p."first_inquiry_at", p."created_at"))))
     FROM unnest($1::uuid[], $2::timestamptz[]) AS r("person_id", "at")
     WHERE p."person_id" = r."person_id" AND p."speed_to_lead_seconds" IS NULL`,
    [first.map(([personId]) => personId), first.map(([, at]) => at)],
  );
}

/**
 * The engine_actions half of `endScheduledActions` for several leads: every scheduled action of theirs ends
 * with `status` and why. The caller clears (or replaces) the plans on the leads themselves.
 */
export async function endScheduledActionsOf(
  manager: EntityManager,
  personIds: readonly string[],
  status: Extract<EngineActionStatus, 'cancelled' | 'superseded'>,
  why: string,
): Promise<void> {
  if (personIds.length === 0) return;
  await manager.query(
    `UPDATE "people"."engine_actions" SET "status" = $2, "finished_at" = now(), "outcome" = $3::jsonb
     WHERE "person_id" = ANY($1::uuid[]) AND "status" = 'scheduled'`,
    [[...new Set(personIds)], status, JSON.stringify({ why })],
  );
}

/** A scheduled action to write: the plan of one lead. */
export interface NewScheduledAction {
  person: Pick<Person, 'practice_id' | 'person_id'>;
  planned: PlannedAction;
  trigger_event_id: string | null;
  plan: ActionPlanContext;
}

/** Writes scheduled actions (status `scheduled`, no outcome) in one statement; returns them, in the order given. */
export async function insertScheduledActions(
  manager: EntityManager,
  rows: readonly NewScheduledAction[],
): Promise<EngineAction[]> {
  if (rows.length === 0) return [];
  // Ids are made here, so each row is matched to its action by id, not by the order RETURNING gives.
  const actions = rows.map(({ person, planned, trigger_event_id, plan }) =>
    manager.create(EngineAction, {
      action_id: randomUUID(),
      practice_id: person.practice_id,
      person_id: person.person_id,
      kind: planned.kind,
      channel: planned.channel,
      due_at: planned.due_at,
      status: 'scheduled',
      reason: planned.reason,
      follow_up_number: planned.follow_up_number,
      trigger_event_id,
      plan,
      outcome: null,
      finished_at: null,
    }),
  );
  const written: { action_id: string; created_at: Date }[] = await manager.query(
    `INSERT INTO "people"."engine_actions" ("action_id", "practice_id", "person_id", "kind", "channel", "due_at",
       "status", "reason", "follow_up_number", "trigger_event_id", "plan", "outcome")
     SELECT r."action_id", r."practice_id", r."person_id", r."kind", r."channel", r."due_at", 'scheduled',
            r."reason", r."follow_up_number", r."trigger_event_id", r."plan", NULL
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::text[],
         $8::integer[], $9::uuid[], $10::jsonb[]) WITH ORDINALITY
         AS r("action_id", "practice_id", "person_id", "kind", "channel", "due_at", "reason", "follow_up_number",
           "trigger_event_id", "plan", "n")
      ORDER BY r."n"
     RETURNING "action_id", "created_at"`,
    [
      actions.map((a) => a.action_id),
      actions.map((a) => a.practice_id),
      actions.map((a) => a.person_id),
      actions.map((a) => a.kind),
      actions.map((a) => a.channel),
      actions.map((a) => a.due_at),
      actions.map((a) => a.reason),
      actions.map((a) => a.follow_up_number),
      actions.map((a) => a.trigger_event_id),
      actions.map((a) => JSON.stringify(a.plan)),
    ],
  );
  const createdAt = new Map(written.map((row) => [row.action_id, row.created_at]));
  for (const action of actions) action.created_at = createdAt.get(action.action_id) as Date;
  return actions;
}

/**
 * Writes several leads' current_outreach_state, with next_scheduled_action where `next` is given (undefined:
 * left as it is), in one statement; the entities are in step already.
 */
export async function writeOutreachStates(
  manager: EntityManager,
  people: readonly { person: Person; next?: Date | null }[],
): Promise<void> {
  if (people.length === 0) return;
  await manager.query(
    `UPDATE "people"."persons" AS p
        SET "current_outreach_state" = r."state",
            "next_scheduled_action" = CASE WHEN r."set_next" THEN r."next" ELSE p."next_scheduled_action" END,
            "updated_at" = now()
       FROM unnest($1::uuid[], $2::jsonb[], $3::boolean[], $4::timestamptz[]) AS r("person_id", "state", "set_next", "next")
      WHERE p."person_id" = r."person_id"`,
    [
      people.map(({ person }) => person.person_id),
      people.map(({ person }) => JSON.stringify(person.current_outreach_state)),
      people.map(({ next }) => next !== undefined),
      people.map(({ next }) => next ?? null),
    ],
  );
}
