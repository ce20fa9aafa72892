import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { CorrectionExample, Draft, draftMessage, LanguageModel, MessagePurpose, situationKey } from '@pp/ai';
import { Intent, Language, PendingReviewTypes } from '@pp/contracts';
import { DataSource, EntityManager, In } from 'typeorm';
import { eachAlone, errorKind } from '../batch-fallback';
import { blockedAmong, blockKey, isLeadNumberBlocked } from '../blocked-numbers/block-list';
import { approvalProblem, approvedSendJob } from '../decisions/approved-send';
import { Correction } from '../decisions/correction.entity';
import { PendingDecision } from '../decisions/pending-decision.entity';
import { createPendingDecision, dismissOpenDecision } from '../decisions/review-items';
import { PracticeKnowledge, PracticeOffer } from '../knowledge-context/practice-knowledge';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { OutreachQueue } from '../outreach/outreach-queue';
import { Person } from '../persons/person.entity';
import { lockPeople } from '../persons/lock-people';
import { LeadActivity } from '../timeline/lead-activity';
import { ActionScheduler } from './action-scheduler';
import { Clock } from './clock';
import { consentWhy } from './consent-rules';
import type { ConsentFacts } from './consent-rules';
import { readConsentFacts, readConsentFactsOf } from './consent-store';
import { channelWhenDue, followUpStillDue, QUIET_STAGES } from './decision-rules';
import { EngineAction } from './engine-action.entity';
import {
  clearPlans,
  currentActionId,
  finishAction,
  finishActions,
  leadFacts,
  lockPerson,
  outboundFacts,
  patchOutreachState,
  PhoneNumberFacts,
  phoneNumberFacts,
  phoneNumberKey,
  readTimelines,
  recordSpeedToLead,
} from './engine-store';
import { conversation, INBOUND_TYPES, TimelineFact } from './insights-rules';
import { LANGUAGE_MODEL } from './language-model';
import { eachModelCall, leadClock, practiceFacts } from './lead-analyzer';
import { EnginePractice, leadLocation, PracticeSettings } from './practice-settings';
import { quotableFacts } from './quotable-facts';
import { ContactChannel, leadWallClock, nextAllowedTime } from './timing-rules';
import {
  lowConfidenceReview,
  pendingActionType,
  requiresReview,
  silentNumberReview,
} from './automation-rules';
import { ReminderPlanner } from './reminder-planner';

/** A reminder that runs later than this before the appointment (a worker that was down) is not sent. */
const REMINDER_LAST_CALL_MS = 30 * 60_000;

/** held: a text or call falling due outside the lead's calling hours, planned again for when they open. */
export type ActionOutcome = 'skipped' | 'superseded' | 'cancelled' | 'review' | 'sent' | 'held';

/**
 * Why the AI's own message to a lead is not sent, on any channel: its number is on the practice's block list. A
 * form with a blocked number still becomes a lead staff see; the product reaches out to it only when staff choose
 * to (e-mail; texts and calls are refused at every step: docs/decisions/0043-number-block-list.md).
 */
const BLOCKED_WHY = "The lead's number is on the practice's block list: the AI does not reach out to it";

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

/** An action checked and drafted before any lock (ActionRunner.runDrafted). */
interface Drafted {
  action: EngineAction;
  channel: ContactChannel;
  practice: EnginePractice | null;
  prepared: Awaited<ReturnType<ActionRunner['prepare']>>;
  draft: Draft;
}

/** A batch's leads and actions as locked, with what the leads agreed to, read under the locks. */
interface LockedBatch {
  people: Map<string, Person>;
  actions: Map<string, EngineAction>;
  consents: Map<string, ConsentFacts>;
  /** Only of the leads whose action is a follow-up (a reply since it was planned overtakes it). */
  timelines: Map<string, TimelineFact[]>;
  /** The leads' phone numbers: vouched for or not, texted or called in the last 24 hours (`phoneNumberKey`). */
  numbers: Map<string, PhoneNumberFacts>;
}

/**
 * The sends a batch's transaction decided on, written together at its end: the leads' plans cleared, the ledger
 * rows, the actions done. The leads are announced by their send (the sent event carries them as they then are),
 * or by the sender when the message cannot go (OutreachSender.fail): one announcement a lead fewer in a burst.
 */
class SentBatch {
  readonly sends: SendMessageJob[] = [];
  private readonly people: Person[] = [];
  private readonly actionIds: string[] = [];

  has(person: Person): boolean {
    return this.people.includes(person);
  }

  add(person: Person, action: EngineAction, send: SendMessageJob): void {
    this.people.push(person);
    this.actionIds.push(action.action_id);
    this.sends.push(send);
  }

  async write(manager: EntityManager, outreach: OutreachQueue): Promise<void> {
    if (this.sends.length === 0) return;
    await clearPlans(manager, this.people);
    await outreach.recordMany(manager, this.sends);
    await finishActions(
      manager,
      this.sends.map((send, i) => ({
        action_id: this.actionIds[i],
        status: 'done' as const,
        outcome: { idempotency_key: send.idempotency_key },
      })),
    );
  }
}

@Injectable()
export class ActionRunner {
  private readonly logger = new Logger(ActionRunner.name);

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
    if (action.plan?.approved_decision_id || action.kind === 'reminder') {
      const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: action.person_id });
      const early = person ? this.stillCurrent(person, action) : 'cancelled';
      if (early !== 'ok') return this.end(actionId, early);
      const practice = await this.settings.practice(action.practice_id);
      if (action.plan?.approved_decision_id) return this.sendApproved(action, practice);
      return this.runReminder(action, practice);
    }
    const [outcome] = await this.runDrafted([action]);
    return outcome;
  }

  /**
   * Several actions falling due at once (the first contacts of a batch of forms, ADR 0032): each drafted and
   * sent or put up for review exactly as `run` does alone, with one statement for the batch where `run` takes
   * one per lead (the actions, the leads, their consents and timelines, the locks, the ledger rows, the
   * announcements), and the sends handed to the queue together. Should the batch fail, each runs alone, so one
   * action that cannot be carried out holds up no other.
   */
  async runBatch(actionIds: readonly string[]): Promise<ActionOutcome[]> {
    const actions = await this.dataSource.getRepository(EngineAction).find({
      where: { action_id: In([...actionIds]), status: 'scheduled' },
      order: { due_at: 'ASC', action_id: 'ASC' },
    });
    const own = actions.filter((a) => a.plan?.approved_decision_id || a.kind === 'reminder');
    const drafted = actions.filter((a) => !own.includes(a));
    const outcomes: ActionOutcome[] = [];
    for (const action of own) outcomes.push(await this.run(action.action_id));
    if (drafted.length === 0) return outcomes;
    try {
      return [...outcomes, ...(await this.runDrafted(drafted))];
    } catch (error) {
      this.logger.warn(`batch of ${drafted.length} actions failed (${errorKind(error)}), one at a time now`);
      return [
        ...outcomes,
        ...(await eachAlone(drafted, (action) => this.run(action.action_id), 'skipped' as const)),
      ];
    }
  }

  /**
   * The AI's own messages (a first contact, a reply, a follow-up) of one or more leads: checked, drafted before
   * any lock, then, in one transaction under the leads' locks, re-checked and sent or put up for review.
   */
  private async runDrafted(actions: readonly EngineAction[]): Promise<ActionOutcome[]> {
    const read = this.dataSource.manager;
    const personIds = actions.map((a) => a.person_id);
    const people = new Map(
      (await read.findBy(Person, { person_id: In(personIds) })).map((p) => [p.person_id, p]),
    );
    const consents = await readConsentFactsOf(read, personIds);
    const timelines = await readTimelines(read, personIds);
    const blocked = await blockedAmong(
      read,
      [...people.values()].map((p) => ({ practice_id: p.practice_id, phone: p.primary_phone })),
    );
    const practices = new Map<string, Promise<EnginePractice | null>>();
    const offers = new Map<string, Promise<PracticeOffer | null>>();
    const corrections = new Map<string, Promise<CorrectionExample[]>>();
    const once = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
      if (!map.has(key)) map.set(key, load());
      return map.get(key) as Promise<T>;
    };
    const drafts = new Map<string, Drafted>();
    const outcomes = new Map<string, ActionOutcome>();
    const draftOne = async (action: EngineAction) => {
      const person = people.get(action.person_id);
      const early = person ? this.stillCurrent(person, action) : 'cancelled';
      if (early !== 'ok') return outcomes.set(action.action_id, await this.end(action.action_id, early));
      if (person && blocked.has(blockKey(person.practice_id, person.primary_phone ?? ''))) {
        return outcomes.set(action.action_id, await this.end(action.action_id, 'cancelled', BLOCKED_WHY));
      }
      const practice = await once(practices, action.practice_id, () =>
        this.settings.practice(action.practice_id),
      );
      const due = this.dueChannel(person as Person, action, practice, consents.get(action.person_id));
      if ('why' in due) {
        return outcomes.set(action.action_id, await this.end(action.action_id, 'cancelled', due.why));
      }
      if (!this.model) throw new Error('No language model is configured');
      const prepared = await this.prepare(
        person as Person,
        { ...action, channel: due.channel } as EngineAction,
        practice,
        {
          offer: this.knowledge
            ? await once(offers, action.practice_id, () => this.knowledge!.offer(action.practice_id))
            : null,
          timeline: timelines.get(action.person_id) ?? [],
          corrections: (key) =>
            once(corrections, `${action.practice_id} ${key}`, () =>
              this.corrections(action.practice_id, key),
            ),
        },
      );
      const draft = await this.model.draft(prepared.request, { correlationId: action.action_id });
      drafts.set(action.action_id, { action, channel: due.channel, practice, prepared, draft });
    };
    await eachModelCall(this.model, actions, draftOne);
    const ready = [...drafts.values()];
    const sends =
      ready.length === 0
        ? []
        : await this.dataSource.transaction(async (manager) => {
            const locked = await this.lockDrafted(manager, ready);
            const done = new SentBatch();
            for (const item of ready) {
              outcomes.set(item.action.action_id, await this.carryOut(manager, item, locked, done));
            }
            await done.write(manager, this.outreach);
            return done.sends;
          });
    await this.outreach.dispatchMany(sends);
    return actions.map((a) => outcomes.get(a.action_id) ?? 'skipped');
  }

  /** Locks the leads (in id order, so two batches cannot deadlock), their actions, and reads what agreed to. */
  private async lockDrafted(manager: EntityManager, ready: readonly Drafted[]): Promise<LockedBatch> {
    const personIds = ready.map((item) => item.action.person_id);
    const people = await lockPeople(manager, personIds);
    const rows = await manager.find(EngineAction, {
      where: { action_id: In(ready.map((item) => item.action.action_id)) },
      order: { action_id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    const followUps = rows.filter((row) => row.kind === 'follow_up').map((row) => row.person_id);
    return {
      people,
      actions: new Map(rows.map((row) => [row.action_id, row])),
      consents: await readConsentFactsOf(manager, personIds),
      timelines: followUps.length > 0 ? await readTimelines(manager, followUps) : new Map(),
      numbers: await phoneNumberFacts(manager, [...people.values()]),
    };
  }

  /**
   * One drafted action under its lead's lock, as `run` carried it out alone: still current and `scheduled`,
   * a follow-up not overtaken by a reply, the channel still agreed to; then a review, a hold for calling hours,
   * or a send (its writes gathered in `done`, written for the batch at once).
   */
  private async carryOut(
    manager: EntityManager,
    item: Drafted,
    locked: LockedBatch,
    done: SentBatch,
  ): Promise<ActionOutcome> {
    const { action, channel, practice, prepared, draft } = item;
    const person = locked.people.get(action.person_id);
    const row = locked.actions.get(action.action_id);
    if (!person || !row || row.status !== 'scheduled') return 'skipped';
    // A lead with two actions in the batch: the first one carried out ended the other's plan.
    const verdict = done.has(person) ? 'superseded' : this.stillCurrent(person, row);
    if (verdict !== 'ok') {
      await finishAction(manager, row.action_id, verdict, { why: 'Re-checked under the lead lock' });
      return verdict;
    }
    if (row.kind === 'follow_up') {
      const { lastInbound } = outboundFacts(locked.timelines.get(person.person_id) ?? [], INBOUND_TYPES);
      if (lastInbound && lastInbound > row.created_at) {
        await finishAction(manager, row.action_id, 'superseded', { why: 'The lead replied' });
        return 'superseded';
      }
    }
    const still = this.dueChannel(person, row, practice, locked.consents.get(person.person_id));
    if ('why' in still || still.channel !== channel) {
      const why =
        'why' in still ? still.why : 'What the lead agreed to changed while the message was drafted';
      await finishAction(manager, row.action_id, 'cancelled', { why });
      return 'cancelled';
    }
    if (row.channel !== channel) {
      // A follow-up planned on a channel the lead did not agree to goes on the other one of its step.
      await manager.update(EngineAction, { action_id: row.action_id }, { channel });
      row.channel = channel;
    }

    if (locked.numbers.get(phoneNumberKey(person))?.blocked) {
      await finishAction(manager, row.action_id, 'cancelled', { why: BLOCKED_WHY });
      return 'cancelled';
    }
    const contacted = prepared.contactedBefore;
    const level = practice?.automation_level ?? 'semi_auto';
    const actionType = pendingActionType(row.channel, !contacted);
    const unsure =
      lowConfidenceReview(row.plan?.confidence) ??
      silentNumberReview(row.channel, locked.numbers.get(phoneNumberKey(person)));
    if (requiresReview(level, !contacted) || unsure) {
      await this.clearPlan(manager, person);
      const reasoning = unsure ? `${unsure} ${prepared.reasoning}` : prepared.reasoning;
      await this.openReview(manager, person, row, draft, actionType, { ...prepared, reasoning });
      await recordSpeedToLead(manager, person.person_id, this.clock.now());
      return 'review';
    }
    if (await this.holdForQuietHours(manager, person, row, practice)) return 'held';
    done.add(person, row, aiSendJob(row.action_id, person, row.channel, actionType, draft));
    // Another lead of the batch with the same number counts this text or call.
    const number = locked.numbers.get(phoneNumberKey(person));
    if (number && row.channel !== 'email') number.textsOrCallsToday += 1;
    return 'sent';
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
        ? approvalProblem(
            locked,
            row.channel,
            await readConsentFacts(manager, locked.person_id),
            row.channel !== 'email' && (await isLeadNumberBlocked(manager, locked)),
          )
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
  private dueChannel(
    person: Person,
    action: EngineAction,
    practice: EnginePractice | null,
    consent: ConsentFacts | undefined,
  ): { channel: ContactChannel } | { why: string } {
    const lead = { ...leadFacts(person), consent: consent ?? { from_form: false, records: [], wrote: {} } };
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
  private async prepare(
    person: Person,
    action: EngineAction,
    practice: EnginePractice | null,
    known: {
      offer: PracticeOffer | null;
      timeline: TimelineFact[];
      corrections: (key: string) => Promise<CorrectionExample[]>;
    },
  ) {
    const plan = action.plan ?? {};
    const location = practice ? leadLocation(practice, plan.location_id ?? null) : null;
    const facts = quotableFacts(known.offer, location, this.clock.now());
    const timeline = known.timeline;
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
    const corrections = await known.corrections(key);
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
