import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { EntityManager } from 'typeorm';
import { OUTREACH_QUEUE } from '../queues';
import {
  SEND_BATCH_JOB,
  SEND_BATCH_SIZE,
  SEND_MESSAGE_JOB,
  SendBatchJob,
  SendMessageJob,
} from './jobs/send-message.job';
import { SendLedger } from './send-ledger';
import { batchJobId, jobIdFor } from './send-rules';

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
    @InjectQueue(OUTREACH_QUEUE) private readonly queue: Queue<SendMessageJob | SendBatchJob>,
    private readonly ledger: SendLedger,
  ) {}

  /** Writes the ledger row in the caller's transaction. False when the key was recorded before. */
  record(manager: EntityManager, job: SendMessageJob): Promise<boolean> {
    return this.ledger.record(manager, job);
  }

  /** Writes several sends' ledger rows in one statement in the caller's transaction: the keys written now. */
  recordMany(manager: EntityManager, jobs: readonly SendMessageJob[]): Promise<Set<string>> {
    return this.ledger.recordMany(manager, jobs);
  }

  /** Adds the job (after commit). Never throws: a job that cannot be added now is recovered later. */
  async dispatch(job: SendMessageJob): Promise<void> {
    await this.withinTimeout(job.idempotency_key, () => this.enqueue(job));
  }

  /**
   * Adds the jobs of several sends recorded in one transaction (a batch of first contacts, ADR 0032), after
   * commit: one `send-batch` job per SEND_BATCH_SIZE sends, all in one round trip (a lone send is a
   * `send-message` job, as `dispatch` adds). Never throws, as `dispatch`: each send keeps its ledger row, so
   * OutreachRecovery sends one whose job was lost alone.
   */
  async dispatchMany(jobs: readonly SendMessageJob[]): Promise<void> {
    if (jobs.length === 0) return;
    if (jobs.length === 1) return this.dispatch(jobs[0]);
    const bulk: Parameters<Queue['addBulk']>[0] = [];
    for (let i = 0; i < jobs.length; i += SEND_BATCH_SIZE) {
      const batch = jobs.slice(i, i + SEND_BATCH_SIZE);
      bulk.push(
        batch.length === 1
          ? { name: SEND_MESSAGE_JOB, data: batch[0], opts: { jobId: jobIdFor(batch[0].idempotency_key) } }
          : {
              name: SEND_BATCH_JOB,
              data: { jobs: batch } satisfies SendBatchJob,
              opts: { jobId: batchJobId(batch[0].idempotency_key) },
            },
      );
    }
    await this.withinTimeout(`${jobs[0].idempotency_key} and ${jobs.length - 1} more`, () =>
      this.queue.addBulk(bulk),
    );
  }

  /**
   * Adds a send of a batch again as a job of its own (a transport error the batch could not wait on: the job's
   * retries and backoff take it), under an id of its own so a single job of the key BullMQ still holds does not
   * swallow it. Never throws.
   */
  async retryAlone(job: SendMessageJob): Promise<void> {
    await this.withinTimeout(job.idempotency_key, () =>
      this.queue.add(SEND_MESSAGE_JOB, job, { jobId: `retry_${jobIdFor(job.idempotency_key)}` }),
    );
  }

  /**
   * A send of a batch whose calling hours are not open yet, as the single job `dispatch` would add, delayed until
   * they open (its ledger row stays queued). Under the key's own job id, so the recovery sweep's job of the
   * queued row is that same job. Never throws.
   */
  async delay(job: SendMessageJob, delayMs: number): Promise<void> {
    await this.withinTimeout(job.idempotency_key, () =>
      this.queue.add(SEND_MESSAGE_JOB, job, { jobId: jobIdFor(job.idempotency_key), delay: delayMs }),
    );
  }

  /** Runs an enqueue, waiting at most ENQUEUE_TIMEOUT_MS for Redis; logs rather than throws. */
  private async withinTimeout(what: string, enqueue: () => Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([enqueue(), timeout]);
    } catch (error) {
      this.logger.warn(
        `could not enqueue ${what} now, recovery will: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Adds the job; BullMQ ignores a job id it already holds, the ledger ignores a key it already sent. */
  enqueue(job: SendMessageJob): Promise<unknown> {
    return this.queue.add(SEND_MESSAGE_JOB, job, { jobId: jobIdFor(job.idempotency_key) });
  }
}
