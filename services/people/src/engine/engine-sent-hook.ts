import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SentMessageJob } from '../outreach/jobs/send-message.job';
import { SentMessageHook } from '../outreach/sent-message-hook';
import { Person } from '../persons/person.entity';
import { ActionScheduler } from './action-scheduler';
import { nextFollowUp } from './decision-rules';
import { EngineAction } from './engine-action.entity';
import { leadFacts, recordSpeedToLead } from './engine-store';
import { planFromInsights } from './engine.service';
import { leadClock, practiceFacts } from './lead-analyzer';
import { leadLocation, PracticeSettings } from './practice-settings';

/**
 * What the engine does when a message went out (in the transaction recording it, the lead locked): speed to
 * lead is set once, and after an AI message (sent by the engine or approved by staff) the next follow-up of the
 * cadence is planned. Staff's own messages keep the follow-up staff chose with them.
 */
@Injectable()
export class EngineSentHook extends SentMessageHook {
  constructor(
    private readonly scheduler: ActionScheduler,
    private readonly settings: PracticeSettings,
  ) {
    super();
  }

  async afterSent(manager: EntityManager, person: Person, job: SentMessageJob, sentAt: Date): Promise<void> {
    await recordSpeedToLead(manager, person.person_id, sentAt);
    if (job.source !== 'ai_decision') return;
    const action = await this.actionOf(manager, job);
    // A reminder is no sales message: no follow-up after it (the next reminder is the runner's).
    if (action?.kind === 'reminder') return;
    const practice = await this.settings.practice(person.practice_id, manager);
    const location = practice ? leadLocation(practice, action?.plan?.location_id ?? null) : null;
    const followUp = nextFollowUp({
      sent_follow_ups: action?.follow_up_number ?? 0,
      last_outbound_at: sentAt,
      lead: leadFacts(person),
      practice: practiceFacts(practice, location, await leadClock(person, location)),
    });
    if (!followUp) return;
    await this.scheduler.schedule(manager, person, followUp, {
      trigger_event_id: null,
      plan: { ...planFromInsights(person), ...(action?.plan ?? {}), inbound: null },
    });
  }

  /** The engine action behind a send: its own key, or the decision it opened for review. */
  private async actionOf(manager: EntityManager, job: SentMessageJob): Promise<EngineAction | null> {
    if (job.idempotency_key.startsWith('engine:')) {
      return manager.findOneBy(EngineAction, { action_id: job.idempotency_key.slice('engine:'.length) });
    }
    if (!job.decision_id) return null;
    return manager
      .getRepository(EngineAction)
      .createQueryBuilder('a')
      .where(`a.outcome->>'decision_id' = :id`, { id: job.decision_id })
      .getOne();
  }
}
