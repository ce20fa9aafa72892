import {
  SEED_OVERVIEW_HANDOFF_FILE,
  SEEDED_MESSAGE_TYPES,
  SeededAppointmentV1,
  SeededOverviewConsultV1,
  SeededOverviewLeadV1,
  SeededOverviewMessageV1,
  SeedOverviewHandoffV1,
} from '@pp/contracts';
import { writeSeedHandoff } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { leadScore, proceduresOfInterest } from '../src/persons/person-data';
import type { OutreachState } from '../src/persons/person.entity';

/** A seeded lead's row, as the handoff reads it. */
export interface OverviewLeadRow {
  practice_id: string;
  person_id: string;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  current_outreach_state: OutreachState;
  behavioral_insights: Record<string, unknown> | null;
}

/** A seeded communication event's row. */
export interface OverviewMessageRow {
  event_id: string;
  practice_id: string;
  person_id: string;
  event_type: string;
  timestamp: Date | string;
  content_data: Record<string, unknown> | null;
  event_metadata: Record<string, unknown> | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * Who sent a seeded message, as a live one says it in event_metadata.source: the seed marks staff's sends
 * `human_action` and the AI's with its orchestrator_decision (what the engine's own sends call `ai_decision`).
 */
export function messageSource(meta: Record<string, unknown> | null): string | null {
  const source = text(meta?.source);
  if (source) return source;
  return meta && typeof meta.orchestrator_decision === 'object' && meta.orchestrator_decision !== null
    ? 'ai_decision'
    : null;
}

export function overviewLead(row: OverviewLeadRow): SeededOverviewLeadV1 {
  return {
    practice_id: row.practice_id,
    person_id: row.person_id,
    created_at: iso(row.created_at),
    name: [text(row.first_name), text(row.last_name)].filter(Boolean).join(' ') || null,
    procedures_of_interest: proceduresOfInterest(row),
    lead_score: leadScore(row),
  };
}

export function overviewMessage(row: OverviewMessageRow): SeededOverviewMessageV1 {
  return {
    event_id: row.event_id,
    practice_id: row.practice_id,
    person_id: row.person_id,
    type: row.event_type,
    timestamp: iso(row.timestamp),
    status: text(row.content_data?.status),
    source: messageSource(row.event_metadata),
  };
}

/** The handed-over appointments as consults, each with when it was booked (its appointment_scheduled event). */
export function overviewConsults(
  appointments: readonly SeededAppointmentV1[],
  bookedAt: ReadonlyMap<string, string>,
): SeededOverviewConsultV1[] {
  return appointments.flatMap((appointment) => {
    const booked = bookedAt.get(appointment.appointment_id);
    if (!booked) return [];
    return [
      {
        appointment_id: appointment.appointment_id,
        practice_id: appointment.practice_id,
        person_id: appointment.person_id,
        location_id: appointment.location_id,
        title: appointment.title,
        description: appointment.description,
        status: appointment.status,
        booked_at: booked,
      },
    ];
  });
}

/**
 * What analytics' Overview needs of the seeded leads (docs/decisions/0028-overview-metrics.md), read back from
 * people's own tables after the insert, and written for analytics' seed (SEED_HANDOFF_DIR); returns its path.
 */
export async function writeOverviewHandoff(
  manager: EntityManager,
  personIds: readonly string[],
  appointments: readonly SeededAppointmentV1[],
  now: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ path: string; leads: number; messages: number; consults: number }> {
  const leads: OverviewLeadRow[] = await manager.query(
    `SELECT "practice_id", "person_id", "created_at", "first_name", "last_name", "current_outreach_state",
            "behavioral_insights"
       FROM "people"."persons" WHERE "person_id" = ANY($1::uuid[])`,
    [personIds],
  );
  const messages: OverviewMessageRow[] = await manager.query(
    `SELECT "event_id", "practice_id", "person_id", "event_type", "timestamp", "content_data", "event_metadata"
       FROM "people"."events" WHERE "person_id" = ANY($1::uuid[]) AND "event_type" = ANY($2::text[])`,
    [personIds, [...SEEDED_MESSAGE_TYPES]],
  );
  const booked: { appointment_id: string; timestamp: Date | string }[] = await manager.query(
    `SELECT "content_data"->>'appointment_id' AS "appointment_id", min("timestamp") AS "timestamp"
       FROM "people"."events"
      WHERE "person_id" = ANY($1::uuid[]) AND "event_type" = 'appointment_scheduled'
        AND "content_data"->>'appointment_id' IS NOT NULL
      GROUP BY 1`,
    [personIds],
  );
  const handoff: SeedOverviewHandoffV1 = {
    v: 1,
    written_at: new Date(now).toISOString(),
    leads: leads.map(overviewLead),
    messages: messages.map(overviewMessage),
    consults: overviewConsults(
      appointments,
      new Map(booked.map((row) => [row.appointment_id, iso(row.timestamp)])),
    ),
  };
  return {
    path: writeSeedHandoff(SEED_OVERVIEW_HANDOFF_FILE, handoff, env),
    leads: handoff.leads.length,
    messages: handoff.messages.length,
    consults: handoff.consults.length,
  };
}
