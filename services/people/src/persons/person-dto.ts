import { PersonDto } from '@pp/contracts';
import { Person } from './person.entity';

/** The columns of a person as the API shows it (every PersonDto field; never search_text). */
export const PERSON_COLUMNS = [
  'person_id',
  'practice_id',
  'first_name',
  'last_name',
  'primary_phone',
  'primary_email',
  'stage',
  'created_at',
  'updated_at',
  'last_activity_at',
  'is_unseen',
  'last_seen_at',
  'pending_review_type',
  'current_outreach_state',
  'next_scheduled_action',
  'enrichment_data',
  'behavioral_insights',
  'first_inquiry_at',
  'speed_to_lead_seconds',
  'language',
] as const satisfies readonly (keyof Person & keyof PersonDto)[];

/** `p."person_id", p."practice_id", ...` for raw queries. */
export function personColumnsSql(alias: string): string {
  return PERSON_COLUMNS.map((column) => `${alias}."${column}"`).join(', ');
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** A person (entity or raw row) as PersonDto: timestamps in ISO 8601, JSON fields as stored. */
export function toPersonDto(person: Pick<Person, (typeof PERSON_COLUMNS)[number]>): PersonDto {
  return {
    person_id: person.person_id,
    practice_id: person.practice_id,
    first_name: person.first_name,
    last_name: person.last_name,
    primary_phone: person.primary_phone,
    primary_email: person.primary_email,
    stage: person.stage,
    created_at: iso(person.created_at)!,
    updated_at: iso(person.updated_at)!,
    last_activity_at: iso(person.last_activity_at),
    is_unseen: person.is_unseen,
    last_seen_at: iso(person.last_seen_at),
    pending_review_type: person.pending_review_type,
    current_outreach_state: person.current_outreach_state,
    next_scheduled_action: iso(person.next_scheduled_action),
    enrichment_data: person.enrichment_data,
    behavioral_insights: person.behavioral_insights,
    first_inquiry_at: iso(person.first_inquiry_at),
    // A raw row's double precision arrives as a number; keep null as null.
    speed_to_lead_seconds:
      person.speed_to_lead_seconds === null ? null : Number(person.speed_to_lead_seconds),
    language: person.language,
  };
}
