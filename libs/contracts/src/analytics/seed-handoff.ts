/**
 * The demo seed's handoff from people to analytics (docs/decisions/0028-overview-metrics.md), like the appointments
 * handoff to calendar (docs/decisions/0024-seeded-appointments.md): people's seed writes its leads straight into its
 * tables, never through people.lead-events, so it hands analytics' seed what the Overview needs of them in
 * SEED_HANDOFF_DIR: the leads, their communication events and their booked consults.
 */
export const SEED_OVERVIEW_HANDOFF_FILE = 'people-overview.json';

/** The timeline event types analytics counts as communication events (the others are not handed over). */
export const SEEDED_MESSAGE_TYPES = [
  'sms_sent',
  'sms_received',
  'email_sent',
  'email_received',
  'phone_call_sent',
  'phone_call_received',
  'phone_call_completed',
] as const;

export interface SeededOverviewLeadV1 {
  practice_id: string;
  person_id: string;
  /** ISO instant. */
  created_at: string;
  name: string | null;
  procedures_of_interest: string[];
  lead_score: number | null;
}

export interface SeededOverviewMessageV1 {
  event_id: string;
  practice_id: string;
  person_id: string;
  type: string;
  /** ISO instant. */
  timestamp: string;
  status: string | null;
  /** As event_metadata.source (ai_decision for what the AI sent on its own, human_action for staff's). */
  source: string | null;
}

export interface SeededOverviewConsultV1 {
  appointment_id: string;
  practice_id: string;
  person_id: string;
  location_id: string | null;
  title: string;
  description: string | null;
  status: 'confirmed' | 'cancelled';
  /** When it was booked (its appointment_scheduled event), ISO. */
  booked_at: string;
}

export interface SeedOverviewHandoffV1 {
  v: 1;
  written_at: string;
  leads: SeededOverviewLeadV1[];
  messages: SeededOverviewMessageV1[];
  consults: SeededOverviewConsultV1[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): boolean => typeof value === 'string' && UUID.test(value);
const isInstant = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isTextOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

function leadProblem(row: Record<string, unknown>): string | null {
  if (!isUuid(row.practice_id) || !isUuid(row.person_id)) return 'practice_id or person_id is not a UUID';
  if (!isInstant(row.created_at)) return 'created_at is not an instant';
  if (!isTextOrNull(row.name)) return 'name is neither text nor null';
  if (
    !Array.isArray(row.procedures_of_interest) ||
    row.procedures_of_interest.some((n) => typeof n !== 'string')
  )
    return 'procedures_of_interest is not a list of names';
  if (row.lead_score !== null && typeof row.lead_score !== 'number')
    return 'lead_score is neither a number nor null';
  return null;
}

function messageProblem(row: Record<string, unknown>): string | null {
  if (!isUuid(row.event_id) || !isUuid(row.practice_id) || !isUuid(row.person_id))
    return 'an id is not a UUID';
  if (typeof row.type !== 'string' || !(SEEDED_MESSAGE_TYPES as readonly string[]).includes(row.type))
    return 'type is not a communication event type';
  if (!isInstant(row.timestamp)) return 'timestamp is not an instant';
  if (!isTextOrNull(row.status) || !isTextOrNull(row.source))
    return 'status or source is neither text nor null';
  return null;
}

function consultProblem(row: Record<string, unknown>): string | null {
  if (!isUuid(row.appointment_id) || !isUuid(row.practice_id) || !isUuid(row.person_id))
    return 'an id is not a UUID';
  if (row.location_id !== null && !isUuid(row.location_id)) return 'location_id is neither a UUID nor null';
  if (typeof row.title !== 'string' || !row.title.trim()) return 'title is empty';
  if (!isTextOrNull(row.description)) return 'description is neither text nor null';
  if (row.status !== 'confirmed' && row.status !== 'cancelled') return 'status is not confirmed or cancelled';
  if (!isInstant(row.booked_at)) return 'booked_at is not an instant';
  return null;
}

/** The handoff read back from its JSON text, every row checked; refused as a whole, with the reason, otherwise. */
export function parseSeedOverviewHandoff(text: string): SeedOverviewHandoffV1 {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('the overview handoff is not JSON');
  }
  const handoff = value as Partial<SeedOverviewHandoffV1> | null;
  if (!handoff || typeof handoff !== 'object' || handoff.v !== 1)
    throw new Error('the overview handoff is not version 1');
  const lists = [
    ['lead', handoff.leads, leadProblem],
    ['message', handoff.messages, messageProblem],
    ['consult', handoff.consults, consultProblem],
  ] as const;
  for (const [name, list, problemOf] of lists) {
    if (!Array.isArray(list)) throw new Error(`the overview handoff has no ${name}s list`);
    list.forEach((row: unknown, index) => {
      const problem =
        row && typeof row === 'object' ? problemOf(row as Record<string, unknown>) : 'not an object';
      if (problem) throw new Error(`${name} ${index} of the overview handoff: ${problem}`);
    });
  }
  return handoff as SeedOverviewHandoffV1;
}
