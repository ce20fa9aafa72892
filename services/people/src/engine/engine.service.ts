import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { ActionScheduler } from './action-scheduler';
import { Clock } from './clock';
import { nextFollowUp } from './decision-rules';
import { EngineQueue } from './engine-queue';
import { endScheduledActions } from './engine-store';
import { EngineTrigger, InquiryTrigger } from './engine-trigger';
import { practiceFacts } from './lead-analyzer';
import { leadLocation, PracticeSettings } from './practice-settings';

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
  ) {
    super();
  }

  async inquiryReceived(manager: EntityManager, trigger: InquiryTrigger): Promise<void> {
    await this.queue.analyze(manager, trigger);
  }

  /**
   * After a staff action on the locked lead, in its transaction: removal or human control cancel the engine's
   * plan; back to AI, the engine reads the lead again; another outcome under AI control replaces the plan with
   * a follow-up at the time staff chose (moved out of the quiet hours).
   */
  async afterLeadAction(manager: EntityManager, person: Person, effect: LeadActionEffect): Promise<void> {
    if (effect.opted_out || effect.control_mode === 'human') {
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
    const practice = await this.settings.practice(person.practice_id);
    const location = practice ? leadLocation(practice, null) : null;
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
      },
      practice: practiceFacts(practice, location),
    });
    if (!followUp) {
      await endScheduledActions(manager, person, 'cancelled', 'Nothing to follow up', {
        keepNextScheduledAction: true,
      });
      return;
    }
    const staffTime = effect.follow_up_at ?? followUp.due_at;
    await this.scheduler.schedule(
      manager,
      person,
      { ...followUp, due_at: staffTime, reason: `Follow up at the time staff chose (${effect.action})` },
      { trigger_event_id: null, plan: planFromInsights(person), withoutEvent: true },
    );
  }
}

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
