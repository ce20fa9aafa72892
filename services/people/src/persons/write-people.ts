import { EntityManager } from 'typeorm';
import { Person } from './person.entity';

/**
 * Writes the leads (locked by the caller) as the entities now hold them, in one statement: what the engine's
 * batch writes change on a lead (its outreach state and insights, language, plan, stage, review, last activity
 * and unseen dot). For batches whose writes left the leads to their caller (`writePeople: false`: timeline/lead-activity.ts), so each lead is
 * updated once instead of once per write.
 */
export async function writePeople(manager: EntityManager, people: readonly Person[]): Promise<void> {
  if (people.length === 0) return;
  await manager.query(
    `UPDATE "people"."persons" p
     SET "current_outreach_state" = w."state", "behavioral_insights" = w."insights", "language" = w."language",
       "next_scheduled_action" = w."next", "stage" = w."stage", "pending_review_type" = w."review",
       "last_activity_at" = w."activity", "is_unseen" = w."unseen", "updated_at" = now()
     FROM unnest($1::uuid[], $2::jsonb[], $3::jsonb[], $4::text[], $5::timestamptz[], $6::text[], $7::text[],
       $8::timestamptz[], $9::boolean[])
       AS w("person_id", "state", "insights", "language", "next", "stage", "review", "activity", "unseen")
     WHERE p."person_id" = w."person_id"`,
    [
      people.map((p) => p.person_id),
      people.map((p) => JSON.stringify(p.current_outreach_state)),
      people.map((p) => JSON.stringify(p.behavioral_insights)),
      people.map((p) => p.language),
      people.map((p) => p.next_scheduled_action),
      people.map((p) => p.stage),
      people.map((p) => p.pending_review_type),
      people.map((p) => p.last_activity_at),
      people.map((p) => p.is_unseen),
    ],
  );
}
