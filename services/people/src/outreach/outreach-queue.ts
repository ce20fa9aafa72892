import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { EntityManager } from 'typeorm';
import { OUTREACH_QUEUE } from '../queues';
import { SEND_MESSAGE_JOB, SendMessageJob } from './jobs/send-message.job';
import { SendLedger } from './send-ledger';
import { jobIdFor } from './send-rules';

/** How long a request waits for Redis before leaving the job to the recovery sweep. */
const ENQUEUE_TIMEOUT_MS = 3000;

/**
 * Hands sends to the `outreach` queue in two steps: `record` writes the ledger row (SendLedger: status
 * 'queued', with the job) in the caller's transaction; `dispatch`, after commit, adds the BullMQ job. A rolled-back
 * request leaves neither; a committed one whose job never reached Redis is enqueued again by
 * OutreachRecovery from its ledger row.
 */
@Injectable()
export class OutreachQueue {
  private readonly logger = new Logger(OutreachQueue.name);

  constructor(
    @InjectQueue(OUTREACH_QUEUE) private readonly queue: Queue<SendMessageJob>,
    private readonly ledger: SendLedger,
  ) {}

  /** Writes the ledger row in the caller's transaction. False when the key was recorded before. */
  record(manager: EntityManager, job: SendMessageJob): Promise<boolean> {
    return this.ledger.record(manager, job);
  }

  /** Adds the job (after commit). Never throws: a job that cannot be added now is recovered later. */
  async dispatch(job: SendMessageJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.enqueue(job), timeout]);
    } catch (error) {
      this.logger.warn(
        `could not enqueue ${job.idempotency_key} now, recovery will: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Adds the jobs of several sends recorded in one transaction (a batch of first contacts, ADR 0032), after
   * commit. Never throws, as `dispatch`.
   */
  async dispatchMany(jobs: readonly SendMessageJob[]): Promise<void> {
    await Promise.all(jobs.map((job) => this.dispatch(job)));
  }

  /** Adds the job; BullMQ ignores a job id it already holds, the ledger ignores a key it already sent. */
  enqueue(job: SendMessageJob): Promise<unknown> {
    return this.queue.add(SEND_MESSAGE_JOB, job, { jobId: jobIdFor(job.idempotency_key) });
  }
}
