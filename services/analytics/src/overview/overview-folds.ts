import type { OverviewCommunicationFact, OverviewLeadFact } from './overview-facts';

/** A lead's facts as one event announces them, with the day its creation falls on (null when not known). */
export interface DatedLeadFact extends OverviewLeadFact {
  day: string | null;
}

/** A communication event as one lead event announces it, with the day it falls on. */
export interface DatedCommunicationFact extends OverviewCommunicationFact {
  day: string;
}

const key = (id: string) => id.toLowerCase();

/**
 * A batch's lead facts folded to one per lead, as writing them one at a time in the batch's order would leave the
 * row (docs/decisions/0028-overview-metrics.md): the name is the newest event's; the creation time (and its day),
 * the procedures and the lead score are the newest event's that carries one (null: keep the stored value). A lead's
 * row belongs to one practice — the one it has (`owners`, person id → practice id), else the first of the batch to
 * announce it; another practice's events are left out, as the upsert would refuse them.
 */
export function foldLeadFacts(
  facts: readonly DatedLeadFact[],
  owners: ReadonlyMap<string, string>,
): DatedLeadFact[] {
  const folded = new Map<string, DatedLeadFact>();
  for (const fact of facts) {
    const person = key(fact.person_id);
    const owner = owners.get(person) ?? folded.get(person)?.practice_id ?? key(fact.practice_id);
    if (key(fact.practice_id) !== owner) continue;
    const seen = folded.get(person);
    folded.set(person, {
      person_id: person,
      practice_id: owner,
      created_at: fact.created_at ?? seen?.created_at ?? null,
      day: fact.created_at ? fact.day : (seen?.day ?? null),
      name: fact.name,
      procedures: fact.procedures ?? seen?.procedures ?? null,
      lead_score: fact.lead_score ?? seen?.lead_score ?? null,
    });
  }
  return [...folded.values()];
}

/**
 * A batch's communication events folded to one per event id, as writing them one at a time would leave the row: the
 * first announcement's facts, with the newest status announced (a later announcement brings its delivery status;
 * one without a status keeps the known one). An event id is one practice's: another practice's announcements of
 * it are left out, as the upsert would refuse them.
 */
export function foldCommunications(facts: readonly DatedCommunicationFact[]): DatedCommunicationFact[] {
  const folded = new Map<string, DatedCommunicationFact>();
  for (const fact of facts) {
    const seen = folded.get(fact.event_id);
    if (!seen) folded.set(fact.event_id, { ...fact });
    else if (key(seen.practice_id) === key(fact.practice_id) && fact.status !== null)
      seen.status = fact.status;
  }
  return [...folded.values()];
}
