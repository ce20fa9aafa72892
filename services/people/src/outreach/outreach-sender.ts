import { Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Person } from '../persons/person.entity';
import { LeadActivity } from '../timeline/lead-activity';
import type { SendMessageJob, SentMessageJob } from './jobs/send-message.job';
import { SendLedger } from './send-ledger';
import { RecipientRefusedHook } from './recipient-refused-hook';
import { SentMessageHook } from './sent-message-hook';
import { contactFor, missingContact, sentEventType, stageAfterOutbound } from './send-rules';
import { TransportReceipt } from './transports/channel-transport';
import { TransportRefusal } from './transports/transport-refusal';
import { Transports } from './transports/transports';

/** What became of one attempt. */
export type SendOutcome = 'sent' | 'already_sent' | 'in_flight' | 'failed';

/**
 * Sends one message at most once per idempotency key, with the ledger (SendLedger) as the record:
 * 1. claim the key in the ledger (insert, or take over a 'queued' row) — only one caller wins;
 * 2. send through the channel's transport;
 * 3. mark the row 'sent' (with the provider's receipt) at once, in its own statement;
 * 4. in one transaction, record the timeline event through LeadActivity and link it to the row.
 * A caller that loses the claim sends nothing. If step 4 failed after a send, a retry finds 'sent' without
 * an event and only records it. A 'sending' row left by a worker that died is never sent again (the message
 * may have left); OutreachRecovery marks it failed after a while.
 */
@Injectable()
export class OutreachSender {
  private readonly logger = new Logger(OutreachSender.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: SendLedger,
    private readonly transports: Transports,
    private readonly activity: LeadActivity,
    @Optional() private readonly hook?: SentMessageHook,
    @Optional() private readonly refused?: RecipientRefusedHook,
  ) {}

  async send(job: SendMessageJob, options: { lastAttempt?: boolean } = {}): Promise<SendOutcome> {
    if (!(await this.ledger.claim(job))) return this.afterLostClaim(job);

    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: job.person_id });
    if (!person || person.practice_id !== job.practice_id) {
      return this.fail(job, 'The lead no longer exists');
    }
    const problem = missingContact(person, job.channel, { compliance: job.source === 'compliance' });
    if (problem) return this.fail(job, problem);
    const to = contactFor(person, job.channel) as string;

    let receipt: TransportReceipt;
    try {
      receipt = await this.transports.for(job.channel).send({
        idempotency_key: job.idempotency_key,
        channel: job.channel,
        practice_id: job.practice_id,
        person_id: job.person_id,
        to,
        subject: job.subject,
        body: job.message,
      });
    } catch (error) {
      if (error instanceof TransportRefusal) {
        // Final: never retried. A refusal about the recipient changes the lead (opted out, phone flagged).
        await this.fail(job, error.message);
        await this.refused?.afterRefused(person, job, error, to);
        return 'failed';
      }
      // The transport is sure nothing went out: give the key back for the next attempt (or give up).
      const reason = error instanceof Error ? error.message : String(error);
      await this.ledger.release(job.idempotency_key, reason, options.lastAttempt ?? false);
      throw error;
    }

    await this.ledger.markSent(job.idempotency_key, receipt, to);
    await this.record(job.idempotency_key);
    return 'sent';
  }

  /** Someone else holds or finished the key. Finish a send whose event was not recorded; never resend. */
  private async afterLostClaim(job: SendMessageJob): Promise<SendOutcome> {
    const row = await this.ledger.find(job.idempotency_key);
    if (row?.status === 'sent') {
      if (!row.event_id) await this.record(job.idempotency_key);
      return 'already_sent';
    }
    if (row?.status === 'sending') {
      this.logger.log(`${job.idempotency_key} is being sent by another worker (or its worker stopped)`);
      return 'in_flight';
    }
    return 'failed';
  }

  private async fail(job: SendMessageJob, reason: string): Promise<SendOutcome> {
    this.logger.warn(`${job.idempotency_key} not sent: ${reason}`);
    await this.ledger.fail(job.idempotency_key, reason);
    return 'failed';
  }

  /** Writes the timeline event of a sent row, once: the row is locked and its event_id checked first. */
  private async record(idempotencyKey: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.ledger.lockSentWithoutEvent(manager, idempotencyKey);
      if (!row) return;
      const job = row.payload;
      const person = await manager.findOne(Person, {
        where: { person_id: job.person_id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!person) return;
      // A keyword reply (STOP confirmation, HELP) is not outreach: no stage move, no speed to lead, no follow-up.
      const outreach = job.source !== 'compliance';
      if (outreach) await this.moveNewLeadForward(manager, person);
      const event = await this.activity.append(manager, person, {
        event_type: sentEventType(job.channel),
        content_data: sentContent(job),
        event_metadata: sentMetadata(job),
      });
      await this.ledger.linkEvent(manager, idempotencyKey, event.event_id);
      if (outreach) await this.hook?.afterSent(manager, person, job, event.timestamp);
    });
  }

  private async moveNewLeadForward(manager: EntityManager, person: Person): Promise<void> {
    const stage = stageAfterOutbound(person.stage);
    if (stage === person.stage) return;
    person.stage = stage;
    await manager.update(Person, { person_id: person.person_id }, { stage });
  }
}

/** content_data of the sent event (docs/product/leads.md#event): the text, the channel, the address and the sandbox flag. */
function sentContent(job: SentMessageJob): Record<string, unknown> {
  const content: Record<string, unknown> = {
    message: job.message,
    channel: job.channel,
    action_type: job.action_type,
    mock_execution: job.receipt?.mock_execution ?? false,
  };
  if (job.channel === 'email') {
    content.subject = job.subject;
    content.to_email = job.to ?? null;
  } else {
    content.to_number = job.to ?? null;
  }
  // A real provider's message starts queued; its status callbacks move it on (docs/product/channels.md).
  if (job.receipt && !job.receipt.mock_execution && job.channel === 'sms') content.status = 'queued';
  if (job.channel === 'phone') content.call_sid = job.receipt?.provider_id ?? null;
  else content.provider_message_id = job.receipt?.provider_id ?? null;
  if (job.notes) content.notes = job.notes;
  return content;
}

/** event_metadata: who approved an AI decision, or which staff member sent it. */
function sentMetadata(job: SentMessageJob): Record<string, unknown> {
  const metadata: Record<string, unknown> = { source: job.source, idempotency_key: job.idempotency_key };
  if (job.source === 'ai_decision') {
    metadata.approved_by_name = job.requested_by_name;
    metadata.decision_id = job.decision_id;
    metadata.edited = job.edited;
  } else {
    metadata.performed_by_name = job.requested_by_name;
  }
  return metadata;
}
