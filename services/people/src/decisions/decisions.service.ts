import { Injectable } from '@nestjs/common';
import { PendingReviewTypes } from '@pp/contracts';
import { Identity } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { SendMessageJob } from '../outreach/jobs/send-message.job';
import { OutreachQueue } from '../outreach/outreach-queue';
import { missingContact } from '../outreach/send-rules';
import { isOutreachChannel } from '../outreach/transports/channel-transport';
import { lockOwnedPerson } from '../persons/lock-owned-person';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import { TimelineEvent } from '../timeline/timeline-event.entity';
import { Correction } from './correction.entity';
import { DecisionException, DecisionExceptionCode, DecisionMessages } from './decision.exception';
import { PendingDecision } from './pending-decision.entity';
import { createPendingDecision, NewPendingDecision, resolvePendingReviewEvent } from './review-items';

export { DecisionMessages } from './decision.exception';

export interface DecisionResult {
  status: 'approved' | 'edited';
  decision_id: string;
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
   * In one transaction: lock the lead and its open decision, resolve both, record the send in the ledger.
   * A second approve waits on the lock, then finds nothing open (409). The job is enqueued after commit.
   */
  private async resolve(
    identity: Identity,
    personId: string,
    answer: { status: 'approved' } | { status: 'edited'; correctedMessage: string; remember: boolean },
  ): Promise<DecisionResult> {
    const job = await this.dataSource.transaction(async (manager) => {
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
      const problem = missingContact(person, channel);
      if (problem) throw new DecisionException(DecisionExceptionCode.Unreachable, problem);
      const message = answer.status === 'edited' ? answer.correctedMessage : decision.message?.trim();
      if (!message && channel !== 'phone') {
        throw new DecisionException(DecisionExceptionCode.NoMessage, DecisionMessages.noMessage);
      }

      const at = new Date();
      await manager.update(
        PendingDecision,
        { decision_id: decision.decision_id },
        {
          status: answer.status,
          final_message: message ?? '',
          resolved_at: at,
          resolved_by: identity.userId,
          resolved_by_name: identity.name ?? null,
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

      const send: SendMessageJob = {
        idempotency_key: `decision:${decision.decision_id}`,
        practice_id: person.practice_id,
        person_id: person.person_id,
        channel,
        action_type: decision.action_type,
        message: message ?? '',
        subject: decision.subject,
        source: 'ai_decision',
        decision_id: decision.decision_id,
        edited: answer.status === 'edited',
        notes: null,
        requested_by_name: identity.name ?? null,
      };
      await this.outreach.record(manager, send);
      await this.activity.announce(manager, person, 'lead_updated');
      return send;
    });
    await this.outreach.dispatch(job);
    return { status: answer.status, decision_id: job.decision_id as string };
  }
}
