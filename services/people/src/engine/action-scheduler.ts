import { Injectable } from '@nestjs/common';
import type { ScheduledActionState } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { LeadActivity, NewTimelineEvent, PeopleWrites } from '../timeline/lead-activity';
import type { PlannedAction } from './decision-rules';
import { ActionPlanContext, EngineAction } from './engine-action.entity';
import { EngineQueue } from './engine-queue';
import { currentActionId } from './engine-store';
import { endScheduledActionsOf, insertScheduledActions, writeOutreachStates } from './sent-batch-store';

/** How an action is put on its lead. */
export interface ScheduleContext {
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
}

/** One lead's plan of a batch (`scheduleMany`). */
export interface ScheduleItem {
  person: Person;
  planned: PlannedAction;
  context: ScheduleContext;
}

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
    context: ScheduleContext,
  ): Promise<EngineAction> {
    const [action] = await this.scheduleMany(manager, [{ person, planned, context }]);
    return action;
  }

  /**
   * `schedule` for several leads (the plans of a batch of analyses, the follow-ups of a batch of sends, ADR 0032),
   * with one statement for the batch where one lead takes as many: the earlier
   * actions ended, the actions written, the leads' plans, the `scheduled_action` events, and the delayed jobs in
   * one round trip after commit. A lead given twice is planned one plan after the other, as `schedule` would.
   * Returns the actions, in the order given.
   */
  async scheduleMany(
    manager: EntityManager,
    items: readonly ScheduleItem[],
    batch: PeopleWrites = {},
  ): Promise<EngineAction[]> {
    if (items.length === 0) return [];
    if (new Set(items.map((item) => item.person.person_id)).size < items.length) {
      const actions: EngineAction[] = [];
      for (const item of items) actions.push(...(await this.scheduleMany(manager, [item], batch)));
      return actions;
    }
    await endScheduledActionsOf(
      manager,
      items.map((item) => item.person.person_id),
      'superseded',
      'A newer plan replaced it',
    );
    const actions = await insertScheduledActions(
      manager,
      items.map(({ person, planned, context }) => ({
        person,
        planned,
        trigger_event_id: context.trigger_event_id,
        plan: context.plan,
      })),
    );
    // What endScheduledActions then patchOutreachState leave on each lead, in one write (or the caller's).
    const states = items.map(({ person, context }, i) => {
      const hadPlan = currentActionId(person) !== null;
      const state: Record<string, unknown> = { ...(person.current_outreach_state ?? {}) };
      if (hadPlan) delete state.scheduled_action;
      state.scheduled_action = scheduledState(actions[i]);
      person.current_outreach_state = state as Person['current_outreach_state'];
      const next = context.hideCountdown ? (hadPlan ? null : undefined) : actions[i].due_at;
      if (next !== undefined) person.next_scheduled_action = next;
      return { person, next };
    });
    if (batch.writePeople !== false) await writeOutreachStates(manager, states);
    await this.activity.appendMany(
      manager,
      items.flatMap(({ person, context }, i) =>
        context.withoutEvent ? [] : [{ person, input: scheduledEvent(actions[i], context) }],
      ),
      batch,
    );
    // One round trip to Redis for all of them, after commit (EngineQueue.schedule gathers a transaction's actions).
    for (const action of actions) this.queue.schedule(manager, action);
    return actions;
  }
}

/** current_outreach_state.scheduled_action of an action. */
function scheduledState(action: EngineAction): ScheduledActionState {
  return {
    action_id: action.action_id,
    kind: action.kind,
    channel: action.channel,
    due_at: action.due_at.toISOString(),
    reason: action.reason,
  };
}

/** The `scheduled_action` timeline event of an action. */
function scheduledEvent(action: EngineAction, context: ScheduleContext): NewTimelineEvent {
  return {
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
  };
}
