import {
  AppointmentEducation,
  SEED_APPOINTMENTS_HANDOFF_FILE,
  SeedAppointmentsHandoffV1,
  SeededAppointmentV1,
} from '@pp/contracts';
import { writeSeedHandoff } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { SeedPractice } from './practices';

/** An appointment event of a lead's timeline, as people.events holds it. */
export interface TimelineAppointmentEvent {
  practice_id: string;
  person_id: string;
  event_type: string;
  /** A Date from the database, ISO text in tests. */
  timestamp: Date | string;
  content_data: Record<string, unknown>;
  event_metadata: Record<string, unknown>;
}

/** The lead as the calendar shows it beside the appointment. */
export interface AppointmentLead {
  person_id: string;
  first_name: string | null;
  last_name: string | null;
  primary_email: string | null;
  primary_phone: string | null;
  enrichment_data: Record<string, unknown> | null;
}

const APPOINTMENT_EVENTS = ['appointment_scheduled', 'appointment_rescheduled', 'appointment_cancelled'];

const ms = (value: Date | string) => new Date(value).getTime();
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const instant = (value: unknown): string | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** Who booked it, from the scheduled event's metadata. */
function bookedBy(meta: Record<string, unknown>): string {
  const staff = text(meta.performed_by_name);
  return staff ? `Booked by ${staff}` : 'Booked by the AI concierge';
}

function personColumns(lead: AppointmentLead | undefined) {
  const enrichment = lead?.enrichment_data ?? {};
  const first = lead?.first_name ?? null;
  const last = lead?.last_name ?? null;
  const name = [first, last].filter(Boolean).join(' ').trim();
  return {
    person_name: name || null,
    person_first_name: first,
    person_last_name: last,
    person_email: lead?.primary_email ?? null,
    person_phone: lead?.primary_phone ?? null,
    person_age: Number.isInteger(enrichment.age) ? (enrichment.age as number) : null,
    person_location: text(enrichment.location),
    person_title: text(enrichment.title),
    person_organization: text(enrichment.organization),
    person_education: Array.isArray(enrichment.education)
      ? (enrichment.education as AppointmentEducation[])
      : null,
  };
}

/**
 * The appointments the timelines describe, each in its latest state: booked by `appointment_scheduled` (its
 * appointment_id), moved by `appointment_rescheduled`, cancelled (keeping its times) by `appointment_cancelled`.
 * A move or cancellation names its appointment by id; older seeded timelines did not, so one without an id applies to
 * the lead's appointment at its former start time, else to the lead's latest booking. `locations` turns the
 * timeline's location name into the practice's location id.
 */
export function appointmentsFromTimelines(
  events: readonly TimelineAppointmentEvent[],
  leads: readonly AppointmentLead[],
  locations: ReadonlyMap<string, readonly { id: string; name: string }[]>,
): SeededAppointmentV1[] {
  const byLead = new Map(leads.map((lead) => [lead.person_id, lead]));
  const ordered = [...events]
    .filter((event) => APPOINTMENT_EVENTS.includes(event.event_type))
    .sort(
      (a, b) =>
        a.person_id.localeCompare(b.person_id) ||
        ms(a.timestamp) - ms(b.timestamp) ||
        APPOINTMENT_EVENTS.indexOf(a.event_type) - APPOINTMENT_EVENTS.indexOf(b.event_type),
    );
  const all = new Map<string, SeededAppointmentV1>();
  /** Each lead's appointments, in booking order. */
  const lead = new Map<string, SeededAppointmentV1[]>();

  const target = (event: TimelineAppointmentEvent, formerStart: string | null) => {
    const own = lead.get(event.person_id) ?? [];
    const id = text(event.content_data.appointment_id);
    if (id) return own.find((appointment) => appointment.appointment_id === id);
    return (
      own.find((appointment) => appointment.start_time === formerStart) ??
      own.filter((appointment) => appointment.status === 'confirmed').at(-1)
    );
  };

  for (const event of ordered) {
    const content = event.content_data;
    if (event.event_type === 'appointment_scheduled') {
      const id = text(content.appointment_id);
      const start = instant(content.start_time);
      const end = instant(content.end_time);
      if (!id || !start || !end || Date.parse(end) <= Date.parse(start)) continue;
      const place = text(content.location);
      const booked: SeededAppointmentV1 = {
        appointment_id: id,
        practice_id: event.practice_id,
        location_id:
          (locations.get(event.practice_id) ?? []).find((location) => location.name === place)?.id ?? null,
        person_id: event.person_id,
        title: text(content.title) ?? 'Appointment',
        description: bookedBy(event.event_metadata),
        location: place,
        start_time: start,
        end_time: end,
        status: 'confirmed',
        source: 'practicepilot',
        ...personColumns(byLead.get(event.person_id)),
      };
      const earlier = all.get(id);
      if (earlier) Object.assign(earlier, booked);
      else {
        all.set(id, booked);
        lead.set(event.person_id, [...(lead.get(event.person_id) ?? []), booked]);
      }
    } else if (event.event_type === 'appointment_rescheduled') {
      const appointment = target(event, instant(content.from_start_time));
      const start = instant(content.start_time);
      const end = instant(content.end_time);
      if (!appointment || !start || !end || Date.parse(end) <= Date.parse(start)) continue;
      appointment.start_time = start;
      appointment.end_time = end;
    } else {
      const appointment = target(event, instant(content.cancelled_start_time));
      if (appointment) appointment.status = 'cancelled';
    }
  }
  return [...all.values()].sort(
    (a, b) => a.practice_id.localeCompare(b.practice_id) || a.start_time.localeCompare(b.start_time),
  );
}

/**
 * What the demo leads' timelines say about their appointments, read back from people's own tables after the insert
 * (so a re-run, which inserts nothing, hands over the same appointments as the first run did).
 */
export async function seededAppointments(
  manager: EntityManager,
  practices: readonly SeedPractice[],
  personIds: readonly string[],
): Promise<SeededAppointmentV1[]> {
  const events: TimelineAppointmentEvent[] = await manager.query(
    `SELECT "practice_id", "person_id", "event_type", "timestamp", "content_data", "event_metadata"
       FROM "people"."events"
      WHERE "person_id" = ANY($1::uuid[]) AND "event_type" = ANY($2::text[])`,
    [personIds, APPOINTMENT_EVENTS],
  );
  const leads: AppointmentLead[] = await manager.query(
    `SELECT "person_id", "first_name", "last_name", "primary_email", "primary_phone", "enrichment_data"
       FROM "people"."persons" WHERE "person_id" = ANY($1::uuid[])`,
    [[...new Set(events.map((event) => event.person_id))]],
  );
  const locations = new Map(practices.map((practice) => [practice.practiceId, practice.locations]));
  return appointmentsFromTimelines(events, leads, locations);
}

/** Writes the handoff for calendar's seed (SEED_HANDOFF_DIR); returns its path. */
export function writeAppointmentsHandoff(
  appointments: SeededAppointmentV1[],
  now: number,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const handoff: SeedAppointmentsHandoffV1 = {
    v: 1,
    written_at: new Date(now).toISOString(),
    appointments,
  };
  return writeSeedHandoff(SEED_APPOINTMENTS_HANDOFF_FILE, handoff, env);
}
