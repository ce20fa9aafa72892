import { Injectable } from '@nestjs/common';
import { LeadActionResponse, PendingReviewTypes } from '@pp/contracts';
import { Identity } from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { isLeadNumberBlocked } from '../blocked-numbers/block-list';
import { dismissOpenDecision } from '../decisions/review-items';
import { EngineService } from '../engine/engine.service';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { OutreachQueue } from '../outreach/outreach-queue';
import { lockOwnedPerson } from '../persons/lock-owned-person';
import { Person } from '../persons/person.entity';
import { toPersonDto } from '../persons/person-dto';
import { LeadActivity, resolveEscalationEvents } from '../timeline/lead-activity';
import { ActionException, ActionExceptionCode } from './action.exception';
import { ActionPlan, planLeadAction } from './action-plan';
import { LeadActionDto } from './dto/lead-action.dto';

/** Staff log an outcome or take over a lead (docs/product/leads.md#escalations, lead-panel.md#quick-actions). */
@Injectable()
export class ActionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly outreach: OutreachQueue,
    private readonly engine: EngineService,
  ) {}

  /** The lead after the action, and the next_scheduled_action it stored. */
  async perform(identity: Identity, personId: string, dto: LeadActionDto): Promise<LeadActionResponse> {
    const send = await this.dataSource.transaction(async (manager) => {
      const person = await lockOwnedPerson(manager, identity, personId);
      const now = new Date();
      const plan = planLeadAction(
        dto,
        {
          stage: person.stage,
          pending_review_type: person.pending_review_type,
          control_mode: person.current_outreach_state?.control_mode === 'human' ? 'human' : 'ai',
          next_scheduled_action: person.next_scheduled_action,
          primary_phone: person.primary_phone,
          primary_email: person.primary_email,
          opted_out: person.current_outreach_state?.opted_out === true,
          phone_blocked: dto.action === 'sms_sent' && (await isLeadNumberBlocked(manager, person)),
        },
        now,
      );
      if ('problem' in plan) throw new ActionException(ActionExceptionCode.NotApplicable, plan.problem);
      const previousControl = person.current_outreach_state?.control_mode === 'human' ? 'human' : 'ai';
      await this.applyToLead(manager, person, plan, identity, now);
      for (const event of plan.events) {
        await this.activity.append(manager, person, {
          event_type: event.event_type,
          timestamp: new Date(now.getTime() + event.offset_ms),
          content_data: event.content_data,
          event_metadata: { source: 'human_action', performed_by_name: identity.name ?? null },
        });
      }
      // The engine's plan follows the action (docs/product/ai-engine.md#human-control): removal and human
      // control cancel it, back to AI it reads the lead again, another outcome plans the chosen follow-up.
      await this.engine.afterLeadAction(manager, person, {
        action: dto.action,
        control_mode: plan.control_mode,
        previous_control_mode: previousControl,
        opted_out: plan.opt_out,
        follow_up_at: plan.next_scheduled_action,
      });
      if (!plan.send) return null;
      const job: SendMessageJob = {
        idempotency_key: `action:${randomUUID()}`,
        practice_id: person.practice_id,
        person_id: person.person_id,
        channel: plan.send.channel,
        action_type: dto.action,
        message: plan.send.message,
        subject: plan.send.subject,
        source: 'human_action',
        decision_id: null,
        edited: false,
        notes: dto.notes?.trim() || null,
        requested_by_name: identity.name ?? null,
      };
      await this.outreach.record(manager, job);
      return job;
    });
    if (send) await this.outreach.dispatch(send);

    const person = await this.dataSource.getRepository(Person).findOneByOrFail({ person_id: personId });
    const view = toPersonDto(person);
    return { person: view, next_scheduled_action: view.next_scheduled_action };
  }

  /** The lead's own fields, and the review items the outcome closes. Before the events, so they carry it. */
  private async applyToLead(
    manager: EntityManager,
    person: Person,
    plan: ActionPlan,
    identity: Identity,
    now: Date,
  ): Promise<void> {
    const resolution = { at: now, by: identity.userId, byName: identity.name ?? null };
    if (plan.resolve_escalation) {
      await resolveEscalationEvents(manager, person.person_id, now);
    }
    let reviewType = person.pending_review_type;
    if (plan.resolve_escalation && reviewType === PendingReviewTypes.escalate) reviewType = null;
    if (plan.opt_out) {
      // The lead asked to be left alone: an AI message still waiting for approval must never go out.
      const dismissed = await dismissOpenDecision(manager, person.person_id, resolution);
      if (dismissed && reviewType === PendingReviewTypes.approval) reviewType = null;
    }
    person.stage = plan.stage;
    person.pending_review_type = reviewType;
    person.next_scheduled_action = plan.next_scheduled_action;
    person.current_outreach_state = {
      ...(person.current_outreach_state ?? {}),
      control_mode: plan.control_mode,
      ...(plan.opt_out ? { opted_out: true } : {}),
    };
    await manager.query(
      `UPDATE "people"."persons" SET "stage" = $2, "pending_review_type" = $3, "next_scheduled_action" = $4,
         "current_outreach_state" = $5::jsonb, "updated_at" = now() WHERE "person_id" = $1`,
      [
        person.person_id,
        person.stage,
        person.pending_review_type,
        person.next_scheduled_action,
        JSON.stringify(person.current_outreach_state),
      ],
    );
  }
}
