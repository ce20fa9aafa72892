import { Injectable } from '@nestjs/common';
import type { ScheduledActionState } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import type { PlannedAction } from './decision-rules';
import { ActionPlanContext, EngineAction } from './engine-action.entity';
import { EngineQueue } from './engine-queue';
import { endScheduledActions, patchOutreachState } from './engine-store';

/**
 * Puts a planned action on a lead (the lead locked by the caller): earlier scheduled actions are superseded, an
 * engine_actions row is written, the lead shows it (current_outreach_state.scheduled_action,
 * next_scheduled_action, a `scheduled_action` timeline event), and the delayed `run-action` job is added after
 * commit.
 */
@Injectable()
export class ActionScheduler {
  constructor(
    private readonly activity: LeadActivity,
    private readonly queue: EngineQueue,
  ) {}

  async schedule(
    manager: EntityManager,
    person: Person,
    planned: PlannedAction,
    context: {
      trigger_event_id: string | null;
      plan: ActionPlanContext;
      withoutEvent?: boolean;
      /**
       * Leave next_scheduled_action alone (null): a review just opened and the console shows it rather than a
       * countdown (a reminder planned after a reminder put up for review).
       */
      hideCountdown?: boolean;
      /** More for the scheduled_action event (a held approved message: its text and who approved it). */
      event?: { content?: Record<string, unknown>; metadata?: Record<string, unknown> };
    },
  ): Promise<EngineAction> {
    await endScheduledActions(manager, person, 'superseded', 'A newer plan replaced it');
    const action = await manager.save(
      manager.create(EngineAction, {
        practice_id: person.practice_id,
        person_id: person.person_id,
        kind: planned.kind,
        channel: planned.channel,
        due_at: planned.due_at,
        status: 'scheduled',
        reason: planned.reason,
        follow_up_number: planned.follow_up_number,
        trigger_event_id: context.trigger_event_id,
        plan: context.plan,
        outcome: null,
      }),
    );
    const state: ScheduledActionState = {
      action_id: action.action_id,
      kind: action.kind,
      channel: action.channel,
      due_at: action.due_at.toISOString(),
      reason: action.reason,
    };
    await patchOutreachState(
      manager,
      person,
      { scheduled_action: state },
      [],
      context.hideCountdown ? {} : { next_scheduled_action: action.due_at },
    );
    // A staff action writes its own scheduled_action event for the follow-up it chose.
    if (!context.withoutEvent)
      await this.activity.append(manager, person, {
        event_type: 'scheduled_action',
        content_data: {
          action_type: action.kind,
          channel: action.channel,
          start_time: action.due_at.toISOString(),
          reason: action.reason,
          control_mode: 'ai',
          ...context.event?.content,
        },
        event_metadata: { source: 'ai_engine', action_id: action.action_id, ...context.event?.metadata },
      });
    this.queue.schedule(manager, action);
    return action;
  }
}
