import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SentMessageJob } from '../outreach/jobs/send-message.job';
import { SentMessage, SentMessageHook } from '../outreach/sent-message-hook';
import { Person } from '../persons/person.entity';
import type { PeopleWrites } from '../timeline/lead-activity';
import { ActionScheduler, ScheduleItem } from './action-scheduler';
import { nextFollowUp, PlannedAction } from './decision-rules';
import { EngineAction } from './engine-action.entity';
import { leadFacts, recordSpeedToLead } from './engine-store';
import { planFromInsights } from './engine.service';
import { leadClock, practiceFacts } from './lead-analyzer';
import { EnginePractice, leadLocation, PracticeSettings } from './practice-settings';
import { recordSpeedToLeadMany } from './sent-batch-store';

const ENGINE_KEY = 'engine:';

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
    const followUp = await this.followUp(person, action, practice, sentAt);
    if (followUp) await this.scheduler.schedule(manager, followUp.person, followUp.planned, followUp.context);
  }

  /**
   * `afterSent` of a batch's messages (one per lead), with one statement for the batch where `afterSent` takes
   * one per message: speed to lead, the engine actions behind the sends, the practice once per practice, and the
   * follow-ups (ActionScheduler.scheduleMany).
   */
  override async afterSentMany(
    manager: EntityManager,
    sent: readonly SentMessage[],
    batch: PeopleWrites = {},
  ): Promise<void> {
    await recordSpeedToLeadMany(
      manager,
      sent.map(({ person, sentAt }) => ({ person_id: person.person_id, at: sentAt })),
    );
    const ai = sent.filter(({ job }) => job.source === 'ai_decision');
    const actions = await this.actionsOf(
      manager,
      ai.map(({ job }) => job),
    );
    const practices = new Map<string, Promise<EnginePractice | null>>();
    const followUps: ScheduleItem[] = [];
    for (const { person, job, sentAt } of ai) {
      const action = actions(job);
      if (action?.kind === 'reminder') continue;
      if (!practices.has(person.practice_id)) {
        practices.set(person.practice_id, this.settings.practice(person.practice_id, manager));
      }
      const practice = await (practices.get(person.practice_id) as Promise<EnginePractice | null>);
      const followUp = await this.followUp(person, action, practice, sentAt);
      if (followUp) followUps.push(followUp);
    }
    await this.scheduler.scheduleMany(manager, followUps, batch);
  }

  /** The next follow-up of the cadence after an AI message sent at `sentAt`, as the scheduler takes it; null when none. */
  private async followUp(
    person: Person,
    action: EngineAction | null,
    practice: EnginePractice | null,
    sentAt: Date,
  ): Promise<ScheduleItem | null> {
    const location = practice ? leadLocation(practice, action?.plan?.location_id ?? null) : null;
    const planned: PlannedAction | null = nextFollowUp({
      sent_follow_ups: action?.follow_up_number ?? 0,
      last_outbound_at: sentAt,
      lead: leadFacts(person),
      practice: practiceFacts(practice, location, await leadClock(person, location)),
    });
    if (!planned) return null;
    return {
      person,
      planned,
      context: {
        trigger_event_id: null,
        plan: { ...planFromInsights(person), ...(action?.plan ?? {}), inbound: null },
      },
    };
  }

  /** The engine action behind a send: its own key, or the decision it opened for review. */
  private async actionOf(manager: EntityManager, job: SentMessageJob): Promise<EngineAction | null> {
    if (job.idempotency_key.startsWith(ENGINE_KEY)) {
      return manager.findOneBy(EngineAction, { action_id: job.idempotency_key.slice(ENGINE_KEY.length) });
    }
    if (!job.decision_id) return null;
    return manager
      .getRepository(EngineAction)
      .createQueryBuilder('a')
      .where(`a.outcome->>'decision_id' = :id`, { id: job.decision_id })
      .getOne();
  }

  /** `actionOf` of several sends in one statement: a lookup of each send's action. */
  private async actionsOf(
    manager: EntityManager,
    jobs: readonly SentMessageJob[],
  ): Promise<(job: SentMessageJob) => EngineAction | null> {
    const actionIds = jobs
      .filter((job) => job.idempotency_key.startsWith(ENGINE_KEY))
      .map((job) => job.idempotency_key.slice(ENGINE_KEY.length));
    const decisionIds = jobs
      .filter((job) => !job.idempotency_key.startsWith(ENGINE_KEY) && job.decision_id)
      .map((job) => job.decision_id as string);
    const rows =
      actionIds.length + decisionIds.length === 0
        ? []
        : await manager
            .getRepository(EngineAction)
            .createQueryBuilder('a')
            .where(`a.action_id = ANY(CAST(:actionIds AS uuid[]))`, { actionIds })
            .orWhere(`a.outcome->>'decision_id' = ANY(CAST(:decisionIds AS text[]))`, { decisionIds })
            .getMany();
    const byId = new Map(rows.map((row) => [row.action_id, row]));
    const byDecision = new Map<string, EngineAction>();
    for (const row of rows) {
      const decisionId = row.outcome?.decision_id;
      if (typeof decisionId === 'string' && !byDecision.has(decisionId)) byDecision.set(decisionId, row);
    }
    return (job) => {
      if (job.idempotency_key.startsWith(ENGINE_KEY)) {
        return byId.get(job.idempotency_key.slice(ENGINE_KEY.length)) ?? null;
      }
      return job.decision_id ? (byDecision.get(job.decision_id) ?? null) : null;
    };
  }
}
