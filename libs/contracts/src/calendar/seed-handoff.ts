import type { AppointmentEducation } from './appointments';

/**
 * The demo seed's handoff from people to calendar (docs/decisions/0024-seeded-appointments.md): the appointments
 * people's seed put on its leads' timelines, in their latest state, so that calendar's seed gives each one its row
 * with the same id. A file, not an event: the seeds run before the services, and neither reads the other's tables.
 */
export const SEED_APPOINTMENTS_HANDOFF_FILE = 'people-appointments.json';

export type SeededAppointmentStatus = 'confirmed' | 'cancelled';

/** One appointment of a seeded lead: where and when it stands after the timeline's reschedules and cancellations. */
export interface SeededAppointmentV1 {
  appointment_id: string;
  practice_id: string;
  /** The practice's location the visit is at (null when the timeline names no known location). */
  location_id: string | null;
  person_id: string;
  title: string;
  description: string | null;
  /** The location as the timeline names it. */
  location: string | null;
  /** ISO instants; a cancelled appointment keeps its times. */
  start_time: string;
  end_time: string;
  status: SeededAppointmentStatus;
  source: 'practicepilot';
  /** The lead as people knows it, for the calendar's person_* columns. */
  person_name: string | null;
  person_first_name: string | null;
  person_last_name: string | null;
  person_email: string | null;
  person_phone: string | null;
  person_age: number | null;
  person_location: string | null;
  person_title: string | null;
  person_organization: string | null;
  person_education: AppointmentEducation[] | null;
}

export interface SeedAppointmentsHandoffV1 {
  v: 1;
  /** When people's seed wrote it (ISO). */
  written_at: string;
  appointments: SeededAppointmentV1[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/** Why one handed-over appointment cannot be used, or null when it can. */
function problemOf(row: Record<string, unknown>): string | null {
  for (const key of ['appointment_id', 'practice_id', 'person_id'] as const)
    if (!isText(row[key]) || !UUID.test(row[key])) return `${key} is not a UUID`;
  if (row.location_id !== null && !(isText(row.location_id) && UUID.test(row.location_id)))
    return 'location_id is neither a UUID nor null';
  if (!isText(row.title) || !row.title.trim()) return 'title is empty';
  for (const key of ['start_time', 'end_time'] as const)
    if (!isText(row[key]) || !ISO_INSTANT.test(row[key]) || Number.isNaN(Date.parse(row[key])))
      return `${key} is not an ISO instant`;
  if (Date.parse(row.end_time as string) <= Date.parse(row.start_time as string))
    return 'end_time is not after start_time';
  if (row.status !== 'confirmed' && row.status !== 'cancelled') return 'status is not confirmed or cancelled';
  if (row.source !== 'practicepilot') return "source is not 'practicepilot'";
  for (const key of [
    'description',
    'location',
    'person_name',
    'person_first_name',
    'person_last_name',
    'person_email',
    'person_phone',
    'person_location',
    'person_title',
    'person_organization',
  ] as const)
    if (!isTextOrNull(row[key])) return `${key} is neither text nor null`;
  if (row.person_age !== null && !Number.isInteger(row.person_age)) return 'person_age is not a whole number';
  if (row.person_education !== null && !Array.isArray(row.person_education))
    return 'person_education is not a list';
  return null;
}

/**
 * The handoff read back from its JSON text: every appointment checked, so calendar's seed never writes a half-formed
 * row. A handoff of another version, or any bad appointment, is refused as a whole with the reason.
 */
export function parseSeedAppointmentsHandoff(text: string): SeedAppointmentsHandoffV1 {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('the appointments handoff is not JSON');
  }
  const handoff = value as Partial<SeedAppointmentsHandoffV1> | null;
  if (!handoff || typeof handoff !== 'object' || handoff.v !== 1)
    throw new Error('the appointments handoff is not version 1');
  if (!isText(handoff.written_at) || !Array.isArray(handoff.appointments))
    throw new Error('the appointments handoff has no written_at or no appointments list');
  handoff.appointments.forEach((row: unknown, index) => {
    const problem =
      row && typeof row === 'object' ? problemOf(row as Record<string, unknown>) : 'not an object';
    if (problem) throw new Error(`appointment ${index} of the handoff: ${problem}`);
  });
  return handoff as SeedAppointmentsHandoffV1;
}
