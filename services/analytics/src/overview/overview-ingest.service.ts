import { Injectable } from '@nestjs/common';
import type { AppointmentEventV1, LeadEventV1, PracticeOfferV1 } from '@pp/contracts';
import { Inbox, PracticeReadModel } from '@pp/platform';
import { EntityManager } from 'typeorm';
import {
  ensureZone,
  offerOf,
  refreshDays,
  revalue,
  upsertCommunications,
  upsertConsult,
  upsertLeads,
} from './overview-facts';
import type { DatedCommunicationFact, DatedLeadFact } from './overview-folds';
import { communicationKind, localDay } from './overview-rules';

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

/** A lead event the Overview reads: created, updated or appended, naming a person and carrying its data. */
function isLeadEvent(event: unknown): event is LeadEventV1 {
  if (!isEnvelope(event)) return false;
  const lead = event as unknown as LeadEventV1;
  return (
    (lead.type === 'lead_created' || lead.type === 'lead_updated' || lead.type === 'event_appended') &&
    typeof lead.person_id === 'string' &&
    UUID.test(lead.person_id) &&
    !!lead.person_data &&
    typeof lead.person_data === 'object'
  );
}

/** The lead's facts one event announces, dated on its practice's clock. */
function leadFact(lead: LeadEventV1, zone: string): DatedLeadFact {
  const data = lead.person_data;
  const createdAt =
    instant(data.created_at) ?? (lead.type === 'lead_created' ? instant(lead.occurred_at) : null);
  return {
    practice_id: lead.practice_id,
    person_id: lead.person_id,
    created_at: createdAt,
    day: createdAt ? localDay(createdAt, zone) : null,
    name: [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ') || null,
    procedures: Array.isArray(data.procedures_of_interest)
      ? data.procedures_of_interest.filter((item): item is string => !!text(item))
      : null,
    lead_score: typeof data.lead_score === 'number' ? data.lead_score : null,
  };
}

/** The communication event a lead event announces, if it carries one the Overview counts. */
function communicationFact(lead: LeadEventV1, zone: string): DatedCommunicationFact[] {
  const timeline = lead.timeline_event;
  const occurred = instant(timeline?.timestamp);
  if (!timeline || !occurred || !text(timeline.event_id) || !communicationKind(timeline.event_type))
    return [];
  const content = timeline.content_data ?? {};
  return [
    {
      event_id: timeline.event_id,
      practice_id: lead.practice_id,
      person_id: lead.person_id,
      type: timeline.event_type,
      occurred_at: occurred,
      day: localDay(occurred, zone),
      status: text(content.status) ?? text(content.delivery_status),
      source: text(timeline.source),
    },
  ];
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

  /**
   * A batch of people.lead-events (the consumer's fetch, in order) in one transaction: each practice's clock, then
   * the batch's leads with one read and one write and its communication events with one write (each folded to one
   * row first, as one at a time would leave them), then each touched day's rollup once per practice. Returns how
   * many were applied.
   */
  async applyLeadEvents(events: readonly unknown[]): Promise<number> {
    const leads = events.filter(isLeadEvent);
    const applied = await this.inbox.onceEach('analytics.overview-leads', leads, async (manager, fresh) => {
      // In one order, so two consumers' transactions take the practices' zone locks without a deadlock; every
      // practice's lock before any fact, as ensureZone asks.
      const zones = new Map<string, string>();
      for (const practiceId of [...new Set(fresh.map((lead) => lead.practice_id))].sort((a, b) =>
        a.localeCompare(b),
      ))
        zones.set(practiceId, await this.zone(manager, practiceId));
      const zoneOf = (lead: LeadEventV1) => zones.get(lead.practice_id)!;
      const touched = [
        ...(await upsertLeads(
          manager,
          fresh.map((lead) => leadFact(lead, zoneOf(lead))),
        )),
        ...(await upsertCommunications(
          manager,
          fresh.flatMap((lead) => communicationFact(lead, zoneOf(lead))),
        )),
      ];
      for (const practiceId of zones.keys()) {
        await refreshDays(
          manager,
          practiceId,
          touched.filter((day) => day.practice_id === practiceId).map((day) => day.day),
        );
      }
    });
    return applied.length;
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
      const zone = await this.zone(manager, change.practice_id);
      const days = await upsertConsult(
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
      await this.zone(manager, offer.practice_id);
      await revalue(manager, offer.practice_id);
    });
  }

  /** The practice's clock (its primary location's zone, the platform default while unknown). */
  private async zone(manager: EntityManager, practiceId: string): Promise<string> {
    const zone = await this.practices.timezone(practiceId);
    await ensureZone(manager, practiceId, zone);
    return zone;
  }
}
