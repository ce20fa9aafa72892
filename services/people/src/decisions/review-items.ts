import type { OriginalDecision } from '@pp/contracts';
import { PendingReviewTypes } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { resolvePendingReviewEvent as resolveEvent, writeTimelineEvent } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { PendingDecision } from './pending-decision.entity';

/** A decision the AI leaves for staff: what it would send, on which channel, and why. */
export interface NewPendingDecision {
  action_type: string;
  channel: 'sms' | 'email' | 'phone';
  message: string | null;
  subject?: string | null;
  reasoning?: string | null;
  /** The AI engine's situation of the draft and the names it used: a remembered correction keeps them. */
  situation?: { key: string; context: Record<string, unknown> } | null;
  /** When the AI made it (default now); the seed backdates. */
  timestamp?: Date;
}

/**
 * Opens a pending AI decision on a lead, the one way to create one (the seed, the tests and the AI engine):
 * a PendingDecision row, its `pending_review` timeline event carrying content_data.original_decision and
 * resolved_at null (docs/product/leads.md#event), and pending_review_type 'approval' on the lead (an open escalation keeps
 * 'escalate', which needs staff first). Writes in the caller's transaction and announces nothing: a live
 * caller announces through LeadActivity (DecisionsService.open does). A lead has at most one open decision;
 * opening a second fails on the unique index.
 */
export async function createPendingDecision(
  manager: EntityManager,
  person: Person,
  decision: NewPendingDecision,
): Promise<{ decision: PendingDecision; event: TimelineEvent }> {
  const timestamp = decision.timestamp ?? new Date();
  const row = await manager.save(
    manager.create(PendingDecision, {
      practice_id: person.practice_id,
      person_id: person.person_id,
      action_type: decision.action_type,
      channel: decision.channel,
      message: decision.message,
      subject: decision.subject ?? null,
      reasoning: decision.reasoning ?? null,
      situation_key: decision.situation?.key ?? null,
      context: decision.situation?.context ?? null,
      status: 'pending',
      created_at: timestamp,
    }),
  );
  const original: OriginalDecision = {
    decision_id: row.decision_id,
    action_type: row.action_type,
    channel: row.channel,
    message: row.message,
    subject: row.subject,
    reasoning: row.reasoning,
  };
  const event = await writeTimelineEvent(manager, person, {
    event_type: 'pending_review',
    timestamp,
    content_data: { original_decision: original, resolved_at: null },
    event_metadata: { ai_reasoning: row.reasoning },
  });
  await manager.update(PendingDecision, { decision_id: row.decision_id }, { event_id: event.event_id });
  row.event_id = event.event_id;
  if (!person.pending_review_type) {
    person.pending_review_type = PendingReviewTypes.approval;
    await manager.update(
      Person,
      { person_id: person.person_id },
      { pending_review_type: PendingReviewTypes.approval },
    );
  }
  return { decision: row, event };
}

/** How a review item was closed, written on its pending_review event. */
export interface Resolution {
  status: 'approved' | 'edited' | 'dismissed';
  at: Date;
  by: string | null;
  byName: string | null;
}

/** Marks the decision's pending_review event resolved (the console's review box closes on resolved_at). */
export async function resolvePendingReviewEvent(
  manager: EntityManager,
  decision: PendingDecision,
  resolution: Resolution,
): Promise<void> {
  await resolveEvent(manager, decision, resolution);
}

/**
 * Closes the lead's open decision without sending it (the lead asked to be removed). Returns it, or null
 * when none was open. The caller clears pending_review_type.
 */
export async function dismissOpenDecision(
  manager: EntityManager,
  personId: string,
  resolution: Omit<Resolution, 'status'>,
): Promise<PendingDecision | null> {
  const open = await manager
    .getRepository(PendingDecision)
    .createQueryBuilder('d')
    .setLock('pessimistic_write')
    .where('d.person_id = :personId AND d.resolved_at IS NULL', { personId })
    .getOne();
  if (!open) return null;
  await manager.update(
    PendingDecision,
    { decision_id: open.decision_id },
    {
      status: 'dismissed',
      resolved_at: resolution.at,
      resolved_by: resolution.by,
      resolved_by_name: resolution.byName,
    },
  );
  await resolvePendingReviewEvent(manager, open, { ...resolution, status: 'dismissed' });
  return open;
}
