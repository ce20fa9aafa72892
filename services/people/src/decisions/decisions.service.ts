import { Injectable } from '@nestjs/common';
import { PendingReviewTypes } from '@pp/contracts';
import { Identity } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { readConsentFacts } from '../engine/consent-store';
import { EngineService } from '../engine/engine.service';
import { OutreachQueue } from '../outreach/outreach-queue';
import { isOutreachChannel } from '../outreach/transports/channel-transport';
import { lockOwnedPerson } from '../persons/lock-owned-person';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { isLeadNumberBlocked } from '../blocked-numbers/block-list';
import { approvalProblem, approvedSendJob } from './approved-send';
import { Correction } from './correction.entity';
import { DecisionException, DecisionExceptionCode, DecisionMessages } from './decision.exception';
import { PendingDecision } from './pending-decision.entity';
import { createPendingDecision, NewPendingDecision, resolvePendingReviewEvent } from './review-items';

export { DecisionMessages } from './decision.exception';

export interface DecisionResult {
  status: 'approved' | 'edited';
  decision_id: string;
  /** When a text or call approved at night goes out (ISO 8601); null when it was sent at once. */
  scheduled_for: string | null;
}

/**
 * Staff's answer to an AI decision: approve it as written, or send a correction
 * (docs/product/lead-panel.md#decision-review, #edit-dialog).
 */
@Injectable()
export class DecisionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly outreach: OutreachQueue,
    private readonly engine: EngineService,
  ) {}

  /** Opens a decision on a live lead and announces it (the AI engine's entry point). */
  async open(
    manager: EntityManager,
    person: Person,
    decision: NewPendingDecision,
  ): Promise<{ decision: PendingDecision; event: TimelineEvent }> {
    const opened = await createPendingDecision(manager, person, decision);
    await this.activity.announce(manager, person, 'lead_updated', opened.event);
    return opened;
  }

  approve(identity: Identity, personId: string): Promise<DecisionResult> {
    return this.resolve(identity, personId, { status: 'approved' });
  }

  edit(identity: Identity, personId: string, correctedMessage: string, remember: boolean) {
    return this.resolve(identity, personId, { status: 'edited', correctedMessage, remember });
  }

  /**
   * In one transaction: lock the lead and its open decision, resolve both, and record the send in the ledger —
   * or, for a text or call outside 08:00–21:00 in the lead's time zone, hold it as the lead's next scheduled
   * action (docs/product/ai-engine.md#timing). A second approve waits on the lock, then finds nothing open (409).
   * The job is enqueued after commit.
   */
  private async resolve(
    identity: Identity,
    personId: string,
    answer: { status: 'approved' } | { status: 'edited'; correctedMessage: string; remember: boolean },
  ): Promise<DecisionResult> {
    const result = await this.dataSource.transaction(async (manager) => {
      const person = await lockOwnedPerson(manager, identity, personId);
      const decision = await manager
        .getRepository(PendingDecision)
        .createQueryBuilder('d')
        .setLock('pessimistic_write')
        .where('d.person_id = :personId AND d.resolved_at IS NULL', { personId })
        .getOne();
      if (!decision) throw new DecisionException(DecisionExceptionCode.NoneOpen, DecisionMessages.noneOpen);

      const channel = decision.channel;
      if (!isOutreachChannel(channel)) {
        throw new DecisionException(
          DecisionExceptionCode.UnknownChannel,
          DecisionMessages.unknownChannel(channel),
        );
      }
      const problem = approvalProblem(
        person,
        channel,
        await readConsentFacts(manager, person.person_id),
        channel !== 'email' && (await isLeadNumberBlocked(manager, person)),
      );
      if (problem) throw new DecisionException(DecisionExceptionCode.Unreachable, problem);
      const message = answer.status === 'edited' ? answer.correctedMessage : decision.message?.trim();
      if (!message && channel !== 'phone') {
        throw new DecisionException(DecisionExceptionCode.NoMessage, DecisionMessages.noMessage);
      }

      const at = new Date();
      const resolved = {
        ...decision,
        status: answer.status,
        final_message: message ?? '',
        resolved_at: at,
        resolved_by: identity.userId,
        resolved_by_name: identity.name ?? null,
      };
      await manager.update(
        PendingDecision,
        { decision_id: decision.decision_id },
        {
          status: resolved.status,
          final_message: resolved.final_message,
          resolved_at: at,
          resolved_by: resolved.resolved_by,
          resolved_by_name: resolved.resolved_by_name,
        },
      );
      await resolvePendingReviewEvent(manager, decision, {
        status: answer.status,
        at,
        by: identity.userId,
        byName: identity.name ?? null,
      });
      if (answer.status === 'edited' && answer.remember) {
        await manager.save(
          manager.create(Correction, {
            practice_id: person.practice_id,
            person_id: person.person_id,
            decision_id: decision.decision_id,
            action_type: decision.action_type,
            channel,
            original_message: decision.message,
            corrected_message: answer.correctedMessage,
            situation_key: decision.situation_key,
            context: decision.context,
            created_by: identity.userId,
          }),
        );
      }
      if (person.pending_review_type === PendingReviewTypes.approval) {
        person.pending_review_type = null;
        await manager.update(Person, { person_id: person.person_id }, { pending_review_type: null });
      }

      const heldUntil = await this.engine.holdApprovedSend(manager, person, resolved);
      const send = heldUntil ? null : approvedSendJob(resolved, channel);
      if (send) await this.outreach.record(manager, send);
      await this.activity.announce(manager, person, 'lead_updated');
      return { decision_id: decision.decision_id, send, heldUntil };
    });
    if (result.send) await this.outreach.dispatch(result.send);
    return {
      status: answer.status,
      decision_id: result.decision_id,
      scheduled_for: result.heldUntil?.toISOString() ?? null,
    };
  }
}
