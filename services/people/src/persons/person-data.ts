import { LeadPersonData } from '@pp/contracts';
import { Person } from './person.entity';

/** The person fields carried by every lead event. */
export function toPersonData(person: Person): LeadPersonData {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    stage: person.stage,
    primary_email: person.primary_email,
    primary_phone: person.primary_phone,
    is_unseen: person.is_unseen,
    pending_review_type: person.pending_review_type,
    last_activity_at: person.last_activity_at?.toISOString() ?? null,
    ...(person.created_at instanceof Date ? { created_at: person.created_at.toISOString() } : {}),
    procedures_of_interest: proceduresOfInterest(person),
    lead_score: leadScore(person),
  };
}

/** An object, or the object a JSON text holds (some stored insights are JSON text); null otherwise. */
function record(value: unknown): Record<string, unknown> | null {
  if (typeof value === 'string') {
    try {
      return record(JSON.parse(value));
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The AI's procedures of interest: the outreach state's insights, else the last analysis' procedure_interest. */
export function proceduresOfInterest(
  person: Pick<Person, 'current_outreach_state' | 'behavioral_insights'>,
): string[] {
  const names = person.current_outreach_state?.ai_insights?.procedures_of_interest;
  if (Array.isArray(names) && names.length > 0) return names.filter((name) => typeof name === 'string');
  const interest = record(record(person.behavioral_insights)?.lead_intelligence)?.procedure_interest;
  if (!Array.isArray(interest)) return [];
  return interest
    .map((item) => record(item)?.procedure_name)
    .filter((name): name is string => typeof name === 'string' && name.length > 0);
}

/** behavioral_insights.lead_intelligence.lead_score, when the AI has scored the lead. */
export function leadScore(person: Pick<Person, 'behavioral_insights'>): number | null {
  const score = record(record(person.behavioral_insights)?.lead_intelligence)?.lead_score;
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}
