import { Injectable } from '@nestjs/common';
import type { AppointmentEventV1, LeadEventV1, PracticeOfferV1 } from '@pp/contracts';
import { Inbox, PracticeReadModel } from '@pp/platform';
import { EntityManager } from 'typeorm';
import { communicationKind, consultValue, localDay, minutesSaved, ValueOffer } from './overview-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const instant = (value: unknown): Date | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : new Date(ms);
};
const isEnvelope = (
  event: unknown,
): event is { event_id: string; v: 1; practice_id: string; type: string } => {
  const candidate = event as Record<string, unknown> | null;
  return (
    !!candidate &&
    typeof candidate === 'object' &&
    typeof candidate.event_id === 'string' &&
    UUID.test(candidate.event_id) &&
    typeof candidate.practice_id === 'string' &&
    UUID.test(candidate.practice_id) &&
    typeof candidate.type === 'string'
  );
};

/** A lead's own seeded or streamed facts, as the overview keeps them (also the seed's input). */
export interface OverviewLeadFact {
  practice_id: string;
  person_id: string;
  created_at: Date | null;
  name: string | null;
  procedures: string[] | null;
  lead_score: number | null;
}

export interface OverviewCommunicationFact {
  event_id: string;
  practice_id: string;
  person_id: string | null;
  type: string;
  occurred_at: Date;
  status: string | null;
  source: string | null;
}

export interface OverviewConsultFact {
  appointment_id: string;
  practice_id: string;
  person_id: string | null;
  location_id: string | null;
  title: string;
  description: string | null;
  status: string;
  /** Set when it was booked (appointment_scheduled); null keeps the known one. */
  booked_at: Date | null;
}

/**
 * Keeps the Overview's read models (docs/decisions/0028-overview-metrics.md) from people.lead-events,
 * calendar.appointments and knowledge.changes, each event once (the inbox), and the daily rollup of every day it
 * touched, recomputed from the facts in the same transaction (so a replay or a late correction converges).
 */
@Injectable()
export class OverviewIngest {
  constructor(
    private readonly inbox: Inbox,
    private readonly practices: PracticeReadModel,
  ) {}

  /** A people.lead-events event: the lead's facts and its communication event. False when skipped. */
  async applyLeadEvent(event: unknown): Promise<boolean> {
    if (!isEnvelope(event)) return false;
    const lead = event as unknown as LeadEventV1;
    if (
      (lead.type !== 'lead_created' && lead.type !== 'lead_updated' && lead.type !== 'event_appended') ||
      typeof lead.person_id !== 'string' ||
      !UUID.test(lead.person_id) ||
      !lead.person_data ||
      typeof lead.person_data !== 'object'
    )
      return false;
    return this.inbox.once('analytics.overview-leads', lead, async (manager) => {
      const data = lead.person_data;
      const zone = await this.zone(lead.practice_id);
      const name = [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ') || null;
      const days = await this.upsertLead(
        manager,
        {
          practice_id: lead.practice_id,
          person_id: lead.person_id,
          created_at:
            instant(data.created_at) ?? (lead.type === 'lead_created' ? instant(lead.occurred_at) : null),
          name,
          procedures: Array.isArray(data.procedures_of_interest)
            ? data.procedures_of_interest.filter((item): item is string => !!text(item))
            : null,
          lead_score: typeof data.lead_score === 'number' ? data.lead_score : null,
        },
        zone,
      );
      const timeline = lead.timeline_event;
      const occurred = instant(timeline?.timestamp);
      if (timeline && occurred && text(timeline.event_id) && communicationKind(timeline.event_type)) {
        const content = timeline.content_data ?? {};
        days.push(
          ...(await this.upsertCommunication(
            manager,
            {
              event_id: timeline.event_id,
              practice_id: lead.practice_id,
              person_id: lead.person_id,
              type: timeline.event_type,
              occurred_at: occurred,
              status: text(content.status) ?? text(content.delivery_status),
              source: text(timeline.source),
            },
            zone,
          )),
        );
      }
      await refreshDays(manager, lead.practice_id, days);
    });
  }

  /** A calendar.appointments event: the consult's booking, status and value. */
  async applyAppointmentEvent(event: unknown): Promise<boolean> {
    if (!isEnvelope(event)) return false;
    const change = event as unknown as AppointmentEventV1;
    const appointment = change.appointment;
    if (
      !appointment ||
      typeof appointment.appointment_id !== 'string' ||
      !UUID.test(appointment.appointment_id) ||
      appointment.practice_id !== change.practice_id
    )
      return false;
    const status =
      change.type === 'appointment_cancelled'
        ? 'cancelled'
        : change.type === 'appointment_no_show'
          ? 'no_show'
          : (text(appointment.status) ?? 'confirmed');
    return this.inbox.once('analytics.overview-appointments', change, async (manager) => {
      const zone = await this.zone(change.practice_id);
      const days = await this.upsertConsult(
        manager,
        {
          appointment_id: appointment.appointment_id,
          practice_id: change.practice_id,
          person_id: text(appointment.person_id),
          location_id: text(appointment.location_id),
          title: text(appointment.title) ?? 'Appointment',
          description: text(appointment.description),
          status,
          booked_at: change.type === 'appointment_scheduled' ? instant(change.occurred_at) : null,
        },
        zone,
        await offerOf(manager, change.practice_id),
      );
      await refreshDays(manager, change.practice_id, days);
    });
  }

  /** knowledge.changes: a practice_offer replaces the practice's offer and re-values its consults. */
  async applyKnowledgeChange(event: unknown): Promise<boolean> {
    if (!isEnvelope(event) || event.type !== 'practice_offer') return false;
    const offer = event as unknown as PracticeOfferV1;
    if (!Array.isArray(offer.procedures) || !Array.isArray(offer.consultation_fees)) return false;
    return this.inbox.once('analytics.overview-offer', offer, async (manager) => {
      const [stored]: unknown[] = await manager.query(
        `INSERT INTO "analytics"."overview_offers" ("practice_id", "procedures", "consultation_fees", "occurred_at")
         VALUES ($1, $2::jsonb, $3::jsonb, $4)
         ON CONFLICT ("practice_id") DO UPDATE
           SET "procedures" = EXCLUDED."procedures", "consultation_fees" = EXCLUDED."consultation_fees",
               "occurred_at" = EXCLUDED."occurred_at"
           WHERE "overview_offers"."occurred_at" <= EXCLUDED."occurred_at"
         RETURNING "practice_id"`,
        [
          offer.practice_id,
          JSON.stringify(offer.procedures),
          JSON.stringify(offer.consultation_fees),
          instant(offer.occurred_at) ?? new Date(),
        ],
      );
      if (!stored) return; // an older offer than the one kept
      await this.revalue(manager, offer.practice_id);
    });
  }

  /** Upserts a lead; the days whose rollup it changed. */
  async upsertLead(manager: EntityManager, lead: OverviewLeadFact, zone: string): Promise<string[]> {
    const [before]: { day: string | null }[] = await manager.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics"."overview_leads" WHERE "person_id" = $1`,
      [lead.person_id],
    );
    const day = lead.created_at ? localDay(lead.created_at, zone) : null;
    await manager.query(
      `INSERT INTO "analytics"."overview_leads"
         ("person_id", "practice_id", "created_at", "day", "name", "procedures", "lead_score", "updated_at")
       VALUES ($1, $2, $3, $4, $5, COALESCE($6::text[], '{}'), $7, now())
       ON CONFLICT ("person_id") DO UPDATE SET
         "created_at" = COALESCE(EXCLUDED."created_at", "overview_leads"."created_at"),
         "day" = COALESCE(EXCLUDED."day", "overview_leads"."day"),
         "name" = EXCLUDED."name",
         "procedures" = CASE WHEN $6::text[] IS NULL THEN "overview_leads"."procedures" ELSE EXCLUDED."procedures" END,
         "lead_score" = COALESCE(EXCLUDED."lead_score", "overview_leads"."lead_score"),
         "updated_at" = now()
       WHERE "overview_leads"."practice_id" = EXCLUDED."practice_id"`,
      [lead.person_id, lead.practice_id, lead.created_at, day, lead.name, lead.procedures, lead.lead_score],
    );
    return [before?.day, day].filter((value): value is string => !!value);
  }

  /** Upserts a communication event (a later announcement of it brings its new status); the days touched. */
  async upsertCommunication(
    manager: EntityManager,
    event: OverviewCommunicationFact,
    zone: string,
  ): Promise<string[]> {
    const kind = communicationKind(event.type);
    if (!kind) return [];
    const day = localDay(event.occurred_at, zone);
    await manager.query(
      `INSERT INTO "analytics"."overview_communications"
         ("event_id", "practice_id", "person_id", "type", "direction", "status", "occurred_at", "day", "source",
          "minutes_saved")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ("event_id") DO UPDATE SET
         "status" = COALESCE(EXCLUDED."status", "overview_communications"."status")
       WHERE "overview_communications"."practice_id" = EXCLUDED."practice_id"`,
      [
        event.event_id,
        event.practice_id,
        event.person_id,
        event.type,
        kind.direction,
        event.status,
        event.occurred_at,
        day,
        event.source,
        minutesSaved(event.type, event.source),
      ],
    );
    return [day];
  }

  /** Upserts a consult with its value under the current offer; the days touched. */
  async upsertConsult(
    manager: EntityManager,
    consult: OverviewConsultFact,
    zone: string,
    offer: ValueOffer | null,
  ): Promise<string[]> {
    const [before]: { day: string | null }[] = await manager.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics"."overview_consults"
        WHERE "appointment_id" = $1`,
      [consult.appointment_id],
    );
    const day = consult.booked_at ? localDay(consult.booked_at, zone) : null;
    await manager.query(
      `INSERT INTO "analytics"."overview_consults"
         ("appointment_id", "practice_id", "person_id", "location_id", "title", "description", "status",
          "booked_at", "day", "value")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ("appointment_id") DO UPDATE SET
         "person_id" = EXCLUDED."person_id", "location_id" = EXCLUDED."location_id", "title" = EXCLUDED."title",
         "description" = EXCLUDED."description", "status" = EXCLUDED."status",
         "booked_at" = COALESCE(EXCLUDED."booked_at", "overview_consults"."booked_at"),
         "day" = COALESCE(EXCLUDED."day", "overview_consults"."day"),
         "value" = EXCLUDED."value"
       WHERE "overview_consults"."practice_id" = EXCLUDED."practice_id"`,
      [
        consult.appointment_id,
        consult.practice_id,
        consult.person_id,
        consult.location_id,
        consult.title,
        consult.description,
        consult.status,
        consult.booked_at,
        day,
        consultValue(consult, offer),
      ],
    );
    return [before?.day, day].filter((value): value is string => !!value);
  }

  /** Re-values every consult of the practice under its current offer, and refreshes their days. */
  async revalue(manager: EntityManager, practiceId: string): Promise<void> {
    const offer = await offerOf(manager, practiceId);
    const consults: (Pick<OverviewConsultFact, 'location_id' | 'title' | 'description'> & {
      appointment_id: string;
      day: string | null;
    })[] = await manager.query(
      `SELECT "appointment_id", "location_id", "title", "description", to_char("day", 'YYYY-MM-DD') AS "day"
         FROM "analytics"."overview_consults" WHERE "practice_id" = $1`,
      [practiceId],
    );
    if (consults.length === 0) return;
    await manager.query(
      `UPDATE "analytics"."overview_consults" AS c SET "value" = v."value"
         FROM unnest($2::uuid[], $3::numeric[]) AS v("appointment_id", "value")
        WHERE c."practice_id" = $1 AND c."appointment_id" = v."appointment_id"`,
      [
        practiceId,
        consults.map((consult) => consult.appointment_id),
        consults.map((consult) => consultValue(consult, offer)),
      ],
    );
    await refreshDays(
      manager,
      practiceId,
      consults.map((consult) => consult.day).filter((day): day is string => !!day),
    );
  }

  /** The practice's clock (its primary location's zone, the platform default while unknown). */
  zone(practiceId: string): Promise<string> {
    return this.practices.timezone(practiceId);
  }
}

/** The practice's current offer, or null before knowledge has published one. */
export async function offerOf(manager: EntityManager, practiceId: string): Promise<ValueOffer | null> {
  const [row]: ValueOffer[] = await manager.query(
    `SELECT "procedures", "consultation_fees" FROM "analytics"."overview_offers" WHERE "practice_id" = $1`,
    [practiceId],
  );
  return row ?? null;
}

/**
 * Recomputes the rollup rows of a practice's days from the facts: new leads (by creation day), booked consults
 * that are not cancelled and their value (by booking day), automated actions and the minutes they saved.
 */
export async function refreshDays(
  manager: EntityManager,
  practiceId: string,
  days: readonly string[],
): Promise<void> {
  const unique = [...new Set(days)];
  if (unique.length === 0) return;
  await manager.query(
    `INSERT INTO "analytics"."overview_daily"
       ("practice_id", "day", "leads", "consults", "value", "automated_actions", "minutes_saved")
     SELECT $1, d."day",
       (SELECT count(*) FROM "analytics"."overview_leads" l WHERE l."practice_id" = $1 AND l."day" = d."day"),
       c."consults", c."value", m."actions", m."minutes"
       FROM unnest($2::date[]) AS d("day")
       CROSS JOIN LATERAL (
         SELECT count(*) AS "consults", COALESCE(sum("value"), 0) AS "value"
           FROM "analytics"."overview_consults"
          WHERE "practice_id" = $1 AND "day" = d."day" AND "status" <> 'cancelled') AS c
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE "minutes_saved" > 0) AS "actions",
                COALESCE(sum("minutes_saved"), 0) AS "minutes"
           FROM "analytics"."overview_communications"
          WHERE "practice_id" = $1 AND "day" = d."day") AS m
     ON CONFLICT ("practice_id", "day") DO UPDATE SET
       "leads" = EXCLUDED."leads", "consults" = EXCLUDED."consults", "value" = EXCLUDED."value",
       "automated_actions" = EXCLUDED."automated_actions", "minutes_saved" = EXCLUDED."minutes_saved"`,
    [practiceId, unique],
  );
}
