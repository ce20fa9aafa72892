import { Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { eachAlone, errorKind } from '../batch-fallback';
import { blockedAmong, blockKey, isLeadNumberBlocked } from '../blocked-numbers/block-list';
import { Person } from '../persons/person.entity';
import { lockPeople } from '../persons/lock-people';
import { writePeople } from '../persons/write-people';
import { LeadActivity } from '../timeline/lead-activity';
import type { SendMessageJob, SentMessageJob } from './jobs/send-message.job';
import { OutreachQueue } from './outreach-queue';
import { SendLedger } from './send-ledger';
import { RecipientRefusedHook } from './recipient-refused-hook';
import { SentMessageHook } from './sent-message-hook';
import { contactFor, missingContact, sentEventType, stageAfterOutbound } from './send-rules';
import { SendBatchScope, TransportReceipt } from './transports/channel-transport';
import { TransportRefusal } from './transports/transport-refusal';
import { Transports } from './transports/transports';

/** What became of one attempt. */
export type SendOutcome = 'sent' | 'already_sent' | 'in_flight' | 'failed';

/** What became of one send of a batch: `retried`, given back and added again as a job of its own. */
export type BatchSendOutcome = SendOutcome | 'retried';

/** How many messages of a batch are with their providers at once (the queue ran OUTREACH_CONCURRENCY sends). */
const SENDS_AT_ONCE = 4;

/** A claimed send of a batch, with the lead it goes to. */
interface Claimed {
  job: SendMessageJob;
  person: Person;
}

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
    private readonly outreach: OutreachQueue,
    @Optional() private readonly hook?: SentMessageHook,
    @Optional() private readonly refused?: RecipientRefusedHook,
  ) {}

  async send(job: SendMessageJob, options: { lastAttempt?: boolean } = {}): Promise<SendOutcome> {
    if (!(await this.ledger.claim(job))) return this.afterLostClaim(job);

    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: job.person_id });
    if (!person || person.practice_id !== job.practice_id) {
      return this.fail(job, 'The lead no longer exists');
    }
    const problem = missingContact(person, job.channel, {
      compliance: job.source === 'compliance',
      // The last check before any text or call leaves: the practice's block list (ADR 0043).
      blocked: job.channel !== 'email' && (await isLeadNumberBlocked(this.dataSource.manager, person)),
    });
    if (problem) return this.fail(job, problem);
    const to = contactFor(person, job.channel) as string;

    let receipt: TransportReceipt;
    try {
      receipt = await this.transmit(job, to);
    } catch (error) {
      if (error instanceof TransportRefusal) return this.refusedBy(job, person, error, to);
      // The transport is sure nothing went out: give the key back for the next attempt (or give up).
      await this.ledger.release(job.idempotency_key, reasonOf(error), options.lastAttempt ?? false);
      throw error;
    }

    await this.ledger.markSent(job.idempotency_key, receipt, to);
    await this.record(job.idempotency_key);
    return 'sent';
  }

  /**
   * Several sends at once (a `send-batch` job: a batch of first contacts, ADR 0032), each ending exactly as `send`
   * would leave it, with one statement for the batch where `send` takes one per message: the claims, the leads,
   * markSent, and one transaction recording every event (`recordMany`). Each message is still one request to its
   * provider. A transport error other than a refusal gives that key back and adds it again as a job of its own
   * (the queue's retries take it); the others go on. Outcomes are in the order of `jobs`.
   */
  async sendBatch(jobs: readonly SendMessageJob[]): Promise<BatchSendOutcome[]> {
    let claimed: Set<string>;
    try {
      claimed = await this.ledger.claimMany(jobs);
    } catch (error) {
      // One statement: nothing was claimed. Each alone, so a send that cannot be claimed holds up no other.
      this.logger.warn(
        `claiming a batch of ${jobs.length} sends failed (${errorKind(error)}), one at a time now`,
      );
      return eachAlone(jobs, (job) => this.send(job), 'failed' as const);
    }
    const outcomes: (BatchSendOutcome | undefined)[] = jobs.map(() => undefined);
    // A key given twice is claimed once: its second job lost the claim.
    const taken = new Set<string>();
    const mine = jobs.flatMap((job, at) => {
      if (!claimed.has(job.idempotency_key) || taken.has(job.idempotency_key)) return [];
      taken.add(job.idempotency_key);
      return [{ job, at }];
    });

    const people = await this.peopleOf(mine.map(({ job }) => job));
    const blocked = await blockedAmong(
      this.dataSource.manager,
      mine.flatMap(({ job }) => {
        const person = people.get(job.person_id);
        return person && job.channel !== 'email'
          ? [{ practice_id: person.practice_id, phone: person.primary_phone }]
          : [];
      }),
    );
    const ready: (Claimed & { at: number })[] = [];
    for (const { job, at } of mine) {
      const person = people.get(job.person_id);
      const problem =
        person && person.practice_id === job.practice_id
          ? missingContact(person, job.channel, {
              compliance: job.source === 'compliance',
              blocked: blocked.has(blockKey(person.practice_id, person.primary_phone ?? '')),
            })
          : 'The lead no longer exists';
      if (problem) outcomes[at] = await this.fail(job, problem);
      else ready.push({ job, person: person as Person, at });
    }

    const sent: { job: SendMessageJob; receipt: TransportReceipt; to: string; at: number }[] = [];
    // A message whose failure could not be handled (the ledger unreachable) must not keep the sent ones from
    // being marked and recorded: its error is thrown once they are.
    let unhandled: unknown = null;
    const scope = new SendBatchScope();
    await inPool(ready, SENDS_AT_ONCE, async ({ job, person, at }) => {
      const to = contactFor(person, job.channel) as string;
      try {
        sent.push({ job, receipt: await this.transmit(job, to, scope), to, at });
      } catch (error) {
        outcomes[at] = await this.afterTransportError(job, person, error, to).catch((failure: unknown) => {
          unhandled ??= failure;
          return 'failed' as const;
        });
      }
    });
    // In the batch's order, whatever order the providers answered in.
    sent.sort((a, b) => a.at - b.at);

    await this.ledger.markSentMany(
      sent.map(({ job, receipt, to }) => ({ idempotency_key: job.idempotency_key, receipt, to })),
    );
    await this.recordMany(sent.map(({ job }) => job));
    if (unhandled) throw unhandled;
    for (const { at } of sent) outcomes[at] = 'sent';
    const done: BatchSendOutcome[] = [];
    for (const [at, job] of jobs.entries()) done.push(outcomes[at] ?? (await this.afterLostClaim(job)));
    return done;
  }

  /** One request to the channel's provider. */
  private transmit(job: SendMessageJob, to: string, batch?: SendBatchScope): Promise<TransportReceipt> {
    return this.transports.for(job.channel).send(
      {
        idempotency_key: job.idempotency_key,
        channel: job.channel,
        practice_id: job.practice_id,
        person_id: job.person_id,
        to,
        subject: job.subject,
        body: job.message,
      },
      batch,
    );
  }

  /**
   * A message of a batch its transport did not take: a refusal fails it, as `send` does; any other error means
   * nothing went out, so the key goes back to queued and gets a job of its own, with the queue's retries.
   */
  private async afterTransportError(
    job: SendMessageJob,
    person: Person,
    error: unknown,
    to: string,
  ): Promise<BatchSendOutcome> {
    if (error instanceof TransportRefusal) return this.refusedBy(job, person, error, to);
    this.logger.warn(`${job.idempotency_key} of a batch not sent now, retried alone: ${reasonOf(error)}`);
    await this.ledger.release(job.idempotency_key, reasonOf(error), false);
    await this.outreach.retryAlone(job);
    return 'retried';
  }

  /** Final: never retried. A refusal about the recipient changes the lead (opted out, phone flagged). */
  private async refusedBy(
    job: SendMessageJob,
    person: Person,
    refusal: TransportRefusal,
    to: string,
  ): Promise<SendOutcome> {
    await this.fail(job, refusal.message);
    await this.refused?.afterRefused(person, job, refusal, to);
    return 'failed';
  }

  /** The leads of several sends, one statement. */
  private async peopleOf(jobs: readonly SendMessageJob[]): Promise<Map<string, Person>> {
    if (jobs.length === 0) return new Map();
    const people = await this.dataSource
      .getRepository(Person)
      .findBy({ person_id: In([...new Set(jobs.map((job) => job.person_id))]) });
    return new Map(people.map((person) => [person.person_id, person]));
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

  /**
   * Gives the send up, and announces its lead (still in this practice) as it now is: the engine leaves a lead's
   * announcement after its action to the send's event (ActionRunner), so a send that never goes tells the console.
   */
  private async fail(job: SendMessageJob, reason: string): Promise<SendOutcome> {
    this.logger.warn(`${job.idempotency_key} not sent: ${reason}`);
    await this.dataSource.transaction(async (manager) => {
      await this.ledger.fail(job.idempotency_key, reason, manager);
      const person = await manager.findOneBy(Person, { person_id: job.person_id });
      if (person?.practice_id === job.practice_id) await this.activity.announce(manager, person);
    });
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

  /**
   * `record` of several sent rows in one transaction, each lead's event, stage and hook exactly as `record` one
   * at a time would write them, with one statement for the batch where `record` takes one per send. A lead with
   * two sends in the batch has its later ones recorded alone, after. Should the batch fail, each is recorded
   * alone, so one that cannot be recorded holds up no other.
   */
  private async recordMany(jobs: readonly SendMessageJob[]): Promise<void> {
    const first: string[] = [];
    const later: string[] = [];
    const seen = new Set<string>();
    for (const job of jobs) {
      (seen.has(job.person_id) ? later : first).push(job.idempotency_key);
      seen.add(job.person_id);
    }
    if (first.length === 1) {
      await this.record(first[0]);
    } else if (first.length > 1) {
      try {
        await this.dataSource.transaction((manager) => this.recordLocked(manager, first));
      } catch (error) {
        this.logger.warn(
          `recording a batch of ${first.length} sends failed (${errorKind(error)}), one at a time now`,
        );
        await eachAlone(first, (key) => this.record(key), undefined);
      }
    }
    for (const key of later) await this.record(key);
  }

  /** The batch's events under its locks: the ledger rows (key order), then the leads (id order). */
  private async recordLocked(manager: EntityManager, keys: readonly string[]): Promise<void> {
    const rows = new Map(
      (await this.ledger.lockSentWithoutEventMany(manager, keys)).map((row) => [row.idempotency_key, row]),
    );
    if (rows.size === 0) return;
    const jobs = keys.flatMap((key) => {
      const row = rows.get(key);
      return row ? [row.payload] : [];
    });
    const people = await lockPeople(
      manager,
      jobs.map((job) => job.person_id),
    );
    const items = jobs.flatMap((job) => {
      const person = people.get(job.person_id);
      // A keyword reply (STOP confirmation, HELP) is not outreach: no stage move, no speed to lead, no follow-up.
      return person ? [{ job, person, outreach: job.source !== 'compliance' }] : [];
    });
    // Each lead is written once, at the end, as the batch's writes leave it (stage, last activity, plan).
    const once = { writePeople: false };
    for (const { person, outreach } of items) if (outreach) person.stage = stageAfterOutbound(person.stage);
    const events = await this.activity.appendMany(
      manager,
      items.map(({ job, person }) => ({
        person,
        input: {
          event_type: sentEventType(job.channel),
          content_data: sentContent(job),
          event_metadata: sentMetadata(job),
        },
      })),
      once,
    );
    await this.ledger.linkEvents(
      manager,
      items.map(({ job }, i) => ({ idempotency_key: job.idempotency_key, event_id: events[i].event_id })),
    );
    const outreach = items.flatMap(({ job, person, outreach }, i) =>
      outreach ? [{ person, job, sentAt: events[i].timestamp }] : [],
    );
    if (this.hook && outreach.length > 0) await this.hook.afterSentMany(manager, outreach, once);
    await writePeople(
      manager,
      items.map((item) => item.person),
    );
  }

  private async moveNewLeadForward(manager: EntityManager, person: Person): Promise<void> {
    const stage = stageAfterOutbound(person.stage);
    if (stage === person.stage) return;
    person.stage = stage;
    await manager.update(Person, { person_id: person.person_id }, { stage });
  }
}

/** Why a transport failed, for the ledger. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `run` over the items, at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
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
  // A status reported before this event was written (the ledger row kept it) is where it starts.
  if (job.receipt && !job.receipt.mock_execution && job.channel === 'sms') {
    content.status = job.reported?.status ?? 'queued';
    if (job.reported?.error_code) content.error_code = job.reported.error_code;
  }
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
