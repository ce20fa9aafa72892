import { Inject, Injectable, Optional } from '@nestjs/common';
import { CorrectionExample, Draft, draftMessage, LanguageModel, MessagePurpose, situationKey } from '@pp/ai';
import { Intent, Language, PendingReviewTypes } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { approvalProblem, approvedSendJob } from '../decisions/approved-send';
import { Correction } from '../decisions/correction.entity';
import { PendingDecision } from '../decisions/pending-decision.entity';
import { createPendingDecision, dismissOpenDecision } from '../decisions/review-items';
import { PracticeKnowledge } from '../knowledge-context/practice-knowledge';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { OutreachQueue } from '../outreach/outreach-queue';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import { ActionScheduler } from './action-scheduler';
import { Clock } from './clock';
import { consentWhy } from './consent-rules';
import { readConsentFacts } from './consent-store';
import { channelWhenDue, followUpStillDue, QUIET_STAGES } from './decision-rules';
import { EngineAction } from './engine-action.entity';
import {
  currentActionId,
  finishAction,
  leadFacts,
  lockPerson,
  outboundFacts,
  patchOutreachState,
  readTimeline,
  recordSpeedToLead,
} from './engine-store';
import { conversation, INBOUND_TYPES } from './insights-rules';
import { LANGUAGE_MODEL } from './language-model';
import { leadClock, practiceFacts } from './lead-analyzer';
import { EnginePractice, leadLocation, PracticeSettings } from './practice-settings';
import { quotableFacts } from './quotable-facts';
import { ContactChannel, leadWallClock, nextAllowedTime } from './timing-rules';
import { pendingActionType, requiresReview } from './automation-rules';
import { ReminderPlanner } from './reminder-planner';

/** A reminder that runs later than this before the appointment (a worker that was down) is not sent. */
const REMINDER_LAST_CALL_MS = 30 * 60_000;

/** held: a text or call falling due outside the lead's calling hours, planned again for when they open. */
export type ActionOutcome = 'skipped' | 'superseded' | 'cancelled' | 'review' | 'sent' | 'held';

/** How many remembered corrections of the same situation a draft sees, newest first. */
const CORRECTIONS_PER_DRAFT = 3;
/** How many knowledge passages a draft gets for the lead's question. */
const PASSAGES_PER_DRAFT = 3;

/** The idempotency key of an engine send: one per action, so a retried or duplicated job sends once. */
export const engineSendKey = (actionId: string) => `engine:${actionId}`;

/**
 * The `run-action` job (docs/product/ai-engine.md#understanding-deciding-acting): when a planned action falls
 * due, draft its message and, as the practice's automation level says, put it up for review or send it. The
 * draft is written before the lead's lock is taken; then, under the lock, the action must still be the lead's
 * current one and `scheduled`, the lead still the AI's and reachable — otherwise nothing happens. A send goes
 * through the send ledger with key `engine:<action_id>`.
 */
/** The send of a message the AI drafted and the engine sends on its own, under the action's idempotency key. */
function aiSendJob(
  actionId: string,
  person: Person,
  channel: SendMessageJob['channel'],
  actionType: SendMessageJob['action_type'],
  draft: { body: string; subject: SendMessageJob['subject'] },
): SendMessageJob {
  return {
    idempotency_key: engineSendKey(actionId),
    practice_id: person.practice_id,
    person_id: person.person_id,
    channel,
    action_type: actionType,
    message: draft.body,
    subject: draft.subject,
    source: 'ai_decision',
    decision_id: null,
    edited: false,
    notes: null,
    requested_by_name: null,
  };
}

@Injectable()
export class ActionRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly outreach: OutreachQueue,
    private readonly scheduler: ActionScheduler,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
    private readonly reminders: ReminderPlanner,
    @Optional() @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel | null,
    @Optional() @Inject(PracticeKnowledge) private readonly knowledge: PracticeKnowledge | null,
  ) {}

  async run(actionId: string): Promise<ActionOutcome> {
    const action = await this.dataSource.getRepository(EngineAction).findOneBy({ action_id: actionId });
    if (!action || action.status !== 'scheduled') return 'skipped';
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: action.person_id });
    const early = person ? this.stillCurrent(person, action) : 'cancelled';
    if (early !== 'ok') return this.end(actionId, early);
    const practice = await this.settings.practice(action.practice_id);
    if (action.plan?.approved_decision_id) return this.sendApproved(action, practice);
    if (action.kind === 'reminder') return this.runReminder(action, practice);

    const due = await this.dueChannel(this.dataSource.manager, person as Person, action, practice);
    if ('why' in due) return this.end(actionId, 'cancelled', due.why);
    if (!this.model) throw new Error('No language model is configured');
    const channel = due.channel;
    const prepared = await this.prepare(person as Person, { ...action, channel }, practice);
    const draft = await this.model.draft(prepared.request, { correlationId: actionId });

    const result = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockCurrent(manager, action);
      if ('outcome' in current) return { outcome: current.outcome, send: null };
      const { locked, row } = current;
      if (row.kind === 'follow_up') {
        const timeline = await readTimeline(manager, locked.person_id);
        const { lastInbound } = outboundFacts(timeline, INBOUND_TYPES);
        if (lastInbound && lastInbound > row.created_at) {
          await finishAction(manager, actionId, 'superseded', { why: 'The lead replied' });
          return { outcome: 'superseded' as const, send: null };
        }
      }
      const still = await this.dueChannel(manager, locked, row, practice);
      if ('why' in still || still.channel !== channel) {
        const why =
          'why' in still ? still.why : 'What the lead agreed to changed while the message was drafted';
        await finishAction(manager, actionId, 'cancelled', { why });
        return { outcome: 'cancelled' as const, send: null };
      }
      if (row.channel !== channel) {
        // A follow-up planned on a channel the lead did not agree to goes on the other one of its step.
        await manager.update(EngineAction, { action_id: actionId }, { channel });
        row.channel = channel;
      }

      const contacted = prepared.contactedBefore;
      const level = practice?.automation_level ?? 'semi_auto';
      const actionType = pendingActionType(row.channel, !contacted);
      if (requiresReview(level, !contacted)) {
        await this.clearPlan(manager, locked);
        await this.openReview(manager, locked, row, draft, actionType, prepared);
        await recordSpeedToLead(manager, locked.person_id, this.clock.now());
        return { outcome: 'review' as const, send: null };
      }
      if (await this.holdForQuietHours(manager, locked, row, practice)) {
        return { outcome: 'held' as const, send: null };
      }
      await this.clearPlan(manager, locked);
      const send = aiSendJob(actionId, locked, row.channel, actionType, draft);
      await this.outreach.record(manager, send);
      await finishAction(manager, actionId, 'done', { idempotency_key: send.idempotency_key });
      await this.activity.announce(manager, locked, 'lead_updated');
      return { outcome: 'sent' as const, send };
    });
    if (result.send) await this.outreach.dispatch(result.send);
    return result.outcome;
  }

  /**
   * A message staff approved at night, falling due (docs/product/ai-engine.md#timing): sent as approved, under
   * the key of its decision, unless the lead opted out, booked or was closed, can no longer be reached on its
   * channel, or wrote since (then the action was superseded). Staff approved it, so human control does not stop it.
   */
  private async sendApproved(action: EngineAction, practice: EnginePractice | null): Promise<ActionOutcome> {
    const result = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockCurrent(manager, action);
      if ('outcome' in current) return { outcome: current.outcome, send: null };
      const { locked, row } = current;
      const decision = await manager.findOneBy(PendingDecision, {
        decision_id: row.plan.approved_decision_id,
        person_id: locked.person_id,
      });
      const problem = decision
        ? approvalProblem(locked, row.channel, await readConsentFacts(manager, locked.person_id))
        : 'The approved decision no longer exists';
      if (!decision || problem) {
        await finishAction(manager, row.action_id, 'cancelled', { why: problem });
        return { outcome: 'cancelled' as const, send: null };
      }
      if (await this.holdForQuietHours(manager, locked, row, practice)) {
        return { outcome: 'held' as const, send: null };
      }
      await this.clearPlan(manager, locked);
      const send = approvedSendJob(decision, row.channel);
      await this.outreach.record(manager, send);
      await finishAction(manager, row.action_id, 'done', { idempotency_key: send.idempotency_key });
      await this.activity.announce(manager, locked, 'lead_updated');
      return { outcome: 'sent' as const, send };
    });
    if (result.send) await this.outreach.dispatch(result.send);
    return result.outcome;
  }

  /**
   * A reminder falling due (docs/product/ai-engine.md#appointment-reminders): the built-in template (the date
   * and time must be exactly the calendar's, so no model words it), on SMS when the lead agreed to texts, else
   * e-mail; put up for review under manual, sent otherwise (a reminder is a later message, not a first contact);
   * then the next reminder of the appointment is planned. Not sent once the appointment is less than 30 minutes
   * away, nor to a lead under human control or opted out.
   */
  private async runReminder(action: EngineAction, practice: EnginePractice | null): Promise<ActionOutcome> {
    const appointment = action.plan?.appointment;
    const start = appointment ? new Date(appointment.start_time).getTime() : 0;
    if (!appointment || start - this.clock.now().getTime() < REMINDER_LAST_CALL_MS) {
      return this.end(action.action_id, 'cancelled', 'Too late: the appointment starts soon or has started');
    }
    const result = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockCurrent(manager, action);
      if ('outcome' in current) return { outcome: current.outcome, send: null };
      const { locked, row } = current;
      const channel = await this.reminders.channel(manager, locked, practice);
      if (!channel) {
        await finishAction(manager, row.action_id, 'cancelled', {
          why: 'The lead can no longer be reached on a channel it agreed to',
        });
        return { outcome: 'cancelled' as const, send: null };
      }
      if (row.channel !== channel) {
        await manager.update(EngineAction, { action_id: row.action_id }, { channel });
        row.channel = channel;
      }
      const location = this.reminders.location(practice, appointment);
      const language: Language = locked.language === 'es' ? 'es' : 'en';
      const draft = draftMessage({
        channel,
        purpose: 'appointment_reminder',
        language,
        intent: 'booking',
        procedures: [],
        recipient: { firstName: locked.first_name, lastName: locked.last_name },
        practice: {
          name: practice?.name ?? 'our practice',
          locationName: location?.name ?? null,
          phone: location?.phone ?? null,
          address: location?.address ?? null,
          timezone: location?.timezone ?? null,
        },
        // A reminder quotes nothing: no prices, promotions or fees.
        pricing: [],
        promotions: [],
        consultationFees: [],
        appointment: {
          startsAt: appointment.start_time,
          timeZone: location?.timezone ?? 'America/New_York',
          title: appointment.title,
          place: appointment.place,
        },
        maxSmsSegments: 2,
      });
      const level = practice?.automation_level ?? 'semi_auto';
      const actionType = pendingActionType(channel, false);
      if (requiresReview(level, false)) {
        await this.clearPlan(manager, locked);
        await this.openReview(manager, locked, row, draft, actionType, {
          reasoning: `A reminder of the appointment the lead booked (${appointment.title ?? 'appointment'}).`,
          situation: {
            key: situationKey({ channel, purpose: 'appointment_reminder', intent: 'booking', language }),
            context: {
              first_name: locked.first_name,
              procedure_name: null,
              practice_name: practice?.name ?? null,
              location_name: location?.name ?? null,
            },
          },
        });
        // The next reminder waits behind the review box (no countdown over it).
        await this.reminders.resume(manager, locked, { hideCountdown: true });
        return { outcome: 'review' as const, send: null };
      }
      if (await this.holdForQuietHours(manager, locked, row, practice)) {
        return { outcome: 'held' as const, send: null };
      }
      await this.clearPlan(manager, locked);
      const send = aiSendJob(row.action_id, locked, channel, actionType, draft);
      await this.outreach.record(manager, send);
      await finishAction(manager, row.action_id, 'done', { idempotency_key: send.idempotency_key });
      await this.reminders.resume(manager, locked);
      await this.activity.announce(manager, locked, 'lead_updated');
      return { outcome: 'sent' as const, send };
    });
    if (result.send) await this.outreach.dispatch(result.send);
    return result.outcome;
  }

  /** The lead no longer shows the action as its next one (it is being carried out now). */
  private async clearPlan(manager: EntityManager, person: Person): Promise<void> {
    await patchOutreachState(manager, person, {}, ['scheduled_action'], { next_scheduled_action: null });
  }

  /**
   * A text or call falling due outside the lead's calling hours (a job run late, a time staff chose)
   * does not go now: the action is replaced by the same one at the next allowed time (docs/product/ai-engine.md#timing).
   * True when held.
   */
  private async holdForQuietHours(
    manager: EntityManager,
    person: Person,
    action: EngineAction,
    practice: EnginePractice | null,
  ): Promise<boolean> {
    const now = this.clock.now();
    const location = practice ? leadLocation(practice, action.plan?.location_id ?? null) : null;
    const clock = await leadClock(person, location);
    const due = nextAllowedTime(action.channel, now, clock);
    if (due.getTime() <= now.getTime()) return false;
    await finishAction(manager, action.action_id, 'superseded', {
      why: "Held: texts and calls go out only inside the lead's calling hours",
    });
    await this.scheduler.schedule(
      manager,
      person,
      {
        kind: action.kind,
        channel: action.channel,
        due_at: due,
        reason: action.reason.includes(', held until ')
          ? action.reason
          : `${action.reason}, held until ${leadWallClock(due, clock)} the lead's time (texts and calls only inside its calling hours)`,
        follow_up_number: action.follow_up_number,
      },
      { trigger_event_id: action.trigger_event_id, plan: action.plan },
    );
    return true;
  }

  /** Whether the action may still run on this lead, or how it ends. */
  /**
   * Locks the lead, then its action, for the job that runs it; the outcome instead when the action is gone, done,
   * or no longer the lead's current one (re-checked under the lock).
   */
  private async lockCurrent(
    manager: EntityManager,
    action: EngineAction,
  ): Promise<{ locked: Person; row: EngineAction } | { outcome: ActionOutcome }> {
    const locked = await lockPerson(manager, action.person_id);
    const row = await manager.findOne(EngineAction, {
      where: { action_id: action.action_id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!locked || !row || row.status !== 'scheduled') return { outcome: 'skipped' };
    const verdict = this.stillCurrent(locked, row);
    if (verdict !== 'ok') {
      await finishAction(manager, row.action_id, verdict, { why: 'Re-checked under the lead lock' });
      return { outcome: verdict };
    }
    return { locked, row };
  }

  private stillCurrent(person: Person, action: EngineAction): 'ok' | 'superseded' | 'cancelled' {
    if (person.practice_id !== action.practice_id) return 'cancelled';
    if (currentActionId(person) !== action.action_id) return 'superseded';
    const lead = leadFacts(person);
    // Staff approved it: a person in control does not stop it; a lead that opted out, booked or was closed does.
    if (action.plan?.approved_decision_id) {
      return lead.opted_out || QUIET_STAGES.includes(lead.stage) ? 'cancelled' : 'ok';
    }
    // A reminder is for a booked lead: the stage does not stop it, a person or an opt-out does.
    if (action.kind === 'reminder')
      return lead.control_mode === 'human' || lead.opted_out ? 'cancelled' : 'ok';
    if (action.kind === 'follow_up') {
      return followUpStillDue({ lead, inbound_since_scheduled: false }) ? 'ok' : 'cancelled';
    }
    if (lead.control_mode === 'human' || lead.opted_out || QUIET_STAGES.includes(lead.stage))
      return 'cancelled';
    return 'ok';
  }

  /**
   * The channel the action goes on now: the practice still has it on, the lead has its address and agreed to it
   * (docs/product/ai-engine.md#consent-to-contact); a follow-up may take the other channel of its step. Or why none.
   */
  private async dueChannel(
    manager: EntityManager,
    person: Person,
    action: EngineAction,
    practice: EnginePractice | null,
  ): Promise<{ channel: ContactChannel } | { why: string }> {
    const lead = { ...leadFacts(person), consent: await readConsentFacts(manager, person.person_id) };
    const enabled = practiceFacts(practice, null).channels;
    const channel = channelWhenDue(action, lead, enabled);
    if (channel) return { channel };
    const addressable = action.channel === 'email' ? lead.has_email : lead.has_phone;
    return {
      why:
        addressable && enabled[action.channel]
          ? consentWhy(lead.consent, [action.channel])
          : 'The lead can no longer be reached on the channel',
    };
  }

  private async end(
    actionId: string,
    status: 'superseded' | 'cancelled',
    why = 'Checked when it fell due',
  ): Promise<ActionOutcome> {
    await finishAction(this.dataSource.manager, actionId, status, { why });
    return status;
  }

  /** Everything the draft needs: the lead, the practice, what may be quoted, passages, remembered corrections. */
  private async prepare(person: Person, action: EngineAction, practice: EnginePractice | null) {
    const plan = action.plan ?? {};
    const location = practice ? leadLocation(practice, plan.location_id ?? null) : null;
    const offer = this.knowledge ? await this.knowledge.offer(action.practice_id) : null;
    const facts = quotableFacts(offer, location, this.clock.now());
    const timeline = await readTimeline(this.dataSource.manager, person.person_id);
    const contactedBefore = outboundFacts(timeline, INBOUND_TYPES).outbound > 0;
    const purpose: MessagePurpose = action.kind === 'reminder' ? 'appointment_reminder' : action.kind;
    const language: Language = plan.language === 'es' ? 'es' : 'en';
    const intent = (plan.intent ?? 'information') as Intent;
    const channel = action.channel;
    const key = situationKey({ channel, purpose, intent, language });
    const passages =
      this.knowledge && plan.inbound
        ? await this.knowledge.passages(action.practice_id, plan.inbound, PASSAGES_PER_DRAFT)
        : [];
    const corrections = await this.corrections(action.practice_id, key);
    const procedures = plan.procedures ?? [];
    return {
      contactedBefore,
      reasoning: plan.reasoning ?? action.reason,
      situation: {
        key,
        context: {
          first_name: person.first_name,
          procedure_name: procedures[0] ?? null,
          practice_name: practice?.name ?? null,
          location_name: location?.name ?? null,
        },
      },
      request: {
        ...facts,
        channel,
        purpose,
        language,
        intent,
        procedures,
        key_concerns: plan.key_concerns ?? [],
        recipient: { firstName: person.first_name, lastName: person.last_name },
        practice: {
          name: practice?.name ?? 'our practice',
          locationName: location?.name ?? null,
          phone: location?.phone ?? null,
          address: location?.address ?? null,
          timezone: location?.timezone ?? null,
        },
        conversation: conversation(timeline, null),
        inbound: action.kind === 'follow_up' ? null : (plan.inbound ?? null),
        passages: passages.map((p) => ({
          id: p.chunk_id,
          text: p.content,
          url: p.source_url,
          title: p.page_title,
          score: p.score,
        })),
        followUpNumber: action.follow_up_number ?? undefined,
        corrections,
        maxSmsSegments: 2,
      },
    };
  }

  private async corrections(practiceId: string, key: string): Promise<CorrectionExample[]> {
    const rows = await this.dataSource.getRepository(Correction).find({
      where: { practice_id: practiceId, situation_key: key },
      order: { created_at: 'DESC' },
      take: CORRECTIONS_PER_DRAFT,
    });
    return rows.map((row) => {
      const context = (row.context ?? {}) as Record<string, string | null>;
      return {
        situation: key,
        original: row.original_message ?? '',
        corrected: row.corrected_message,
        firstName: context.first_name ?? null,
        procedureName: context.procedure_name ?? null,
        practiceName: context.practice_name ?? null,
        locationName: context.location_name ?? null,
      };
    });
  }

  /** Opens the draft for review (an older open AI decision on the lead is dismissed: it answered older news). */
  private async openReview(
    manager: EntityManager,
    person: Person,
    action: EngineAction,
    draft: Draft,
    actionType: string,
    prepared: { reasoning: string; situation: { key: string; context: Record<string, unknown> } },
  ): Promise<void> {
    const now = this.clock.now();
    await dismissOpenDecision(manager, person.person_id, { at: now, by: null, byName: null });
    if (person.pending_review_type === PendingReviewTypes.approval) person.pending_review_type = null;
    const opened = await createPendingDecision(manager, person, {
      action_type: actionType,
      channel: action.channel,
      message: draft.body,
      subject: draft.subject,
      // Why this action (the plan), and how the message was written (the draft: prices quoted, a correction).
      reasoning: `${action.reason}. ${prepared.reasoning} ${draft.reasoning}`.trim(),
      situation: prepared.situation,
    });
    await finishAction(manager, action.action_id, 'done', { decision_id: opened.decision.decision_id });
    await this.activity.announce(manager, person, 'lead_updated', opened.event);
  }
}
