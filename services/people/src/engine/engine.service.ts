import { Injectable } from '@nestjs/common';
import { understandInquiry } from '@pp/ai';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { ActionScheduler } from './action-scheduler';
import { Clock } from './clock';
import { nextFollowUp } from './decision-rules';
import { EngineQueue } from './engine-queue';
import { readConsentFacts, withdrawConsents } from './consent-store';
import { endScheduledActions, matchedLocation, readTimeline } from './engine-store';
import { EngineTrigger, InquiryTrigger } from './engine-trigger';
import { conversation } from './insights-rules';
import { leadClock, practiceFacts } from './lead-analyzer';
import { PendingDecision } from '../decisions/pending-decision.entity';
import { EngineAction } from './engine-action.entity';
import { leadLocation, PracticeSettings } from './practice-settings';
import { ReminderPlanner } from './reminder-planner';
import { ContactChannel, isQuietHoursChannel, leadWallClock, nextAllowedTime } from './timing-rules';

/** What a staff action did to a lead, as the engine needs to know it. */
export interface LeadActionEffect {
  action: string;
  control_mode: 'ai' | 'human';
  /** The control mode before the action. */
  previous_control_mode: 'ai' | 'human';
  opted_out: boolean;
  /** The follow-up time staff chose (next_scheduled_action of the action). */
  follow_up_at: Date | null;
}

/**
 * The AI engine's entry points (docs/product/ai-engine.md#understanding-deciding-acting): a new inquiry is
 * recorded in the caller's transaction and analysed by a job after commit; staff actions and control-mode
 * switches cancel, re-plan or resume the engine's work.
 */
@Injectable()
export class EngineService extends EngineTrigger {
  constructor(
    private readonly queue: EngineQueue,
    private readonly scheduler: ActionScheduler,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
    private readonly reminders: ReminderPlanner,
  ) {
    super();
  }

  async inquiryReceived(manager: EntityManager, trigger: InquiryTrigger): Promise<void> {
    await this.queue.analyze(manager, trigger);
  }

  /**
   * The keyword read as the engine reads an SMS, in the conversation before it: when it is more than an opt-out
   * (CANCEL answering the lead's appointment reminder), it is analysed as any inquiry, so the lead's insights say
   * what the patient wants; the opt-out the channel recorded keeps every message from going out.
   */
  async optOutKeywordReceived(manager: EntityManager, trigger: InquiryTrigger, body: string): Promise<void> {
    const events = await readTimeline(manager, trigger.person_id);
    const reading = understandInquiry({
      channel: 'sms',
      text: body,
      conversation: conversation(events, trigger.event_id),
      practiceProcedures: [],
    });
    if (reading.intent !== 'opt_out') await this.inquiryReceived(manager, trigger);
  }

  override async inquiriesReceived(
    manager: EntityManager,
    triggers: readonly InquiryTrigger[],
  ): Promise<void> {
    await this.queue.analyzeMany(manager, triggers);
  }

  /**
   * After a staff action on the locked lead, in its transaction: removal or human control cancel the engine's
   * plan; back to AI, the engine reads the lead again; another outcome under AI control replaces the plan with
   * a follow-up at the time staff chose (moved out of the quiet hours).
   */
  async afterLeadAction(manager: EntityManager, person: Person, effect: LeadActionEffect): Promise<void> {
    if (effect.opted_out || effect.control_mode === 'human') {
      if (effect.opted_out) {
        await withdrawConsents(manager, person.person_id, this.clock.now(), 'staff_removal');
      }
      await endScheduledActions(
        manager,
        person,
        'cancelled',
        effect.opted_out ? 'Removal requested' : 'Human control',
        { keepNextScheduledAction: true },
      );
      return;
    }
    if (effect.action === 'switch_control_mode') {
      if (effect.previous_control_mode === 'human') {
        await this.inquiryReceived(manager, {
          practice_id: person.practice_id,
          person_id: person.person_id,
          event_id: null,
          channel: 'manual',
          received_at: this.clock.now(),
        });
      }
      return;
    }
    const practice = await this.settings.practice(person.practice_id, manager);
    const location = await matchedLocation(manager, practice, person.person_id);
    const followUp = nextFollowUp({
      sent_follow_ups: 0,
      last_outbound_at: this.clock.now(),
      lead: {
        stage: person.stage,
        control_mode: 'ai',
        opted_out: person.current_outreach_state?.opted_out === true,
        has_phone: Boolean(person.primary_phone),
        has_email: Boolean(person.primary_email),
        contacted_before: true,
        consent: await readConsentFacts(manager, person.person_id),
      },
      practice: practiceFacts(practice, location, await leadClock(person, location)),
    });
    if (!followUp) {
      await endScheduledActions(manager, person, 'cancelled', 'Nothing to follow up', {
        keepNextScheduledAction: true,
      });
      // A booked lead's reminders go on (docs/product/ai-engine.md#appointment-reminders); the follow-up time staff
      // chose stays the countdown.
      await this.reminders.resume(manager, person, { hideCountdown: effect.follow_up_at !== null });
      return;
    }
    // The time staff chose, as they see it; a text or call falling due at night waits for 08:00 then (run-action).
    const staffTime = effect.follow_up_at ?? followUp.due_at;
    await this.scheduler.schedule(
      manager,
      person,
      { ...followUp, due_at: staffTime, reason: `Follow up at the time staff chose (${effect.action})` },
      {
        trigger_event_id: null,
        plan: { ...planFromInsights(person), location_id: location?.location_id ?? null },
        withoutEvent: true,
      },
    );
  }

  /**
   * Staff approved (or corrected) an AI decision: a text or call outside the lead's calling hours (08:00–21:00 in
   * its time zone, stricter in some states) is held as the lead's next scheduled action until they open — shown like the engine's own
   * delayed messages — and run-action sends it then, as approved (docs/product/ai-engine.md#timing). E-mail, and
   * any channel in the day, go at once. Returns when the held send goes, or null when it may go now.
   */
  async holdApprovedSend(
    manager: EntityManager,
    person: Person,
    decision: ApprovedDecision,
  ): Promise<Date | null> {
    const channel = decision.channel as ContactChannel;
    if (!isQuietHoursChannel(channel)) return null;
    const practice = await this.settings.practice(person.practice_id, manager);
    // The action that opened the review knows the lead's location; a decision without one reads the timeline.
    const opened = await manager
      .getRepository(EngineAction)
      .createQueryBuilder('a')
      .where(`a.outcome->>'decision_id' = :id`, { id: decision.decision_id })
      .getOne();
    const location =
      practice && opened?.plan?.location_id
        ? leadLocation(practice, opened.plan.location_id)
        : await matchedLocation(manager, practice, person.person_id);
    const now = this.clock.now();
    const clock = await leadClock(person, location);
    const due = nextAllowedTime(channel, now, clock);
    if (due.getTime() <= now.getTime()) return null;
    const what = channel === 'sms' ? 'text' : 'call';
    await this.scheduler.schedule(
      manager,
      person,
      {
        kind: opened?.kind ?? (decision.action_type.endsWith('_initial') ? 'first_contact' : 'reply'),
        channel,
        due_at: due,
        reason: `Approved by ${decision.resolved_by_name ?? 'staff'}: the ${what} goes at ${leadWallClock(due, clock)} the lead's time (texts and calls only inside its calling hours)`,
        follow_up_number: opened?.follow_up_number ?? null,
      },
      {
        trigger_event_id: opened?.trigger_event_id ?? null,
        plan: { location_id: location?.location_id ?? null, approved_decision_id: decision.decision_id },
        event: {
          content: { action_type: decision.action_type, message: decision.final_message },
          metadata: { approved_by_name: decision.resolved_by_name, decision_id: decision.decision_id },
        },
      },
    );
    return due;
  }
}

/** A resolved AI decision, as holding its send needs it. */
export type ApprovedDecision = Pick<
  PendingDecision,
  'decision_id' | 'action_type' | 'channel' | 'final_message' | 'resolved_by_name'
>;

/** The plan of a follow-up that no new reading preceded: what the engine last understood of the lead. */
export function planFromInsights(person: Person) {
  const insights = person.current_outreach_state?.ai_insights ?? {};
  return {
    intent:
      typeof insights.intent_classification === 'string' ? insights.intent_classification : 'information',
    procedures: Array.isArray(insights.procedures_of_interest) ? insights.procedures_of_interest : [],
    key_concerns: Array.isArray(insights.key_concerns) ? (insights.key_concerns as string[]) : [],
    language: insights.language === 'es' ? 'es' : 'en',
    summary: typeof insights.inquiry_summary === 'string' ? insights.inquiry_summary : undefined,
    inbound: null,
    location_id: null,
  };
}
