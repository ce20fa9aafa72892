import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { DelayedError, Job } from 'bullmq';
import type { PeopleConfig } from '../../config';
import { OUTREACH_QUEUE } from '../../queues';
import { OutreachQueue } from '../outreach-queue';
import { OutreachSender } from '../outreach-sender';
import { SendWindow } from '../send-window';
import { OutreachJobHandler } from './outreach-job-handler';
import { SEND_BATCH_JOB, SEND_MESSAGE_JOB, SendBatchJob, SendMessageJob } from './send-message.job';

/**
 * The `outreach` queue's worker: sends outreach messages, and hands the AI engine's jobs to it. Registered only when ROLE is worker or all; an api-only process enqueues and
 * never sends. The ledger (OutreachSender) makes a retried or duplicated job send at most once. Runs
 * OUTREACH_CONCURRENCY jobs at once.
 */
@Processor(OUTREACH_QUEUE, { concurrency: 4 })
export class SendMessageProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SendMessageProcessor.name);

  constructor(
    private readonly sender: OutreachSender,
    private readonly outreach: OutreachQueue,
    @Inject(CONFIG) private readonly config: Pick<PeopleConfig, 'OUTREACH_CONCURRENCY'>,
    @Optional() private readonly others?: OutreachJobHandler,
    @Optional() private readonly window?: SendWindow,
  ) {
    super();
  }

  /** The decorator's options are fixed at load time; the concurrency is the setting's. */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.OUTREACH_CONCURRENCY;
  }

  async process(job: Job<SendMessageJob>, token?: string): Promise<unknown> {
    if (job.name === SEND_BATCH_JOB) return this.sendBatch((job as Job<unknown>).data as SendBatchJob);
    if (job.name !== SEND_MESSAGE_JOB) {
      // The AI engine's jobs (analyze-lead, run-action) go to its handler.
      if (this.others?.handles(job.name)) return this.others.process(job);
      this.logger.warn(`no handler for outreach job ${job.name}; left unprocessed`);
      throw new Error(`Unknown outreach job ${job.name}`);
    }
    // An AI text or call whose job ran late waits, still queued in the ledger, for the lead's calling hours.
    const wait = (await this.window?.waitFor(job.data)) ?? 0;
    if (wait > 0) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.sender.send(job.data, { lastAttempt });
  }

  /**
   * A `send-batch` job: the sends whose calling hours are open go out together (OutreachSender.sendBatch); the
   * others wait as single delayed `send-message` jobs, their ledger rows still queued, as a lone send would.
   */
  private async sendBatch(batch: SendBatchJob): Promise<unknown> {
    const waits = (await this.window?.waitForMany(batch.jobs)) ?? [];
    const now: SendMessageJob[] = [];
    for (const [i, data] of batch.jobs.entries()) {
      const wait = waits[i] ?? 0;
      if (wait > 0) await this.outreach.delay(data, wait);
      else now.push(data);
    }
    return now.length > 0 ? this.sender.sendBatch(now) : [];
  }
}
