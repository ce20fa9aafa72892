import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { OUTREACH_QUEUE } from '../../queues';
import { OutreachSender } from '../outreach-sender';
import { SEND_MESSAGE_JOB, SendMessageJob } from './send-message.job';

/**
 * Sends outreach messages. Registered only when ROLE is worker or all; an api-only process enqueues and
 * never sends. The ledger (OutreachSender) makes a retried or duplicated job send at most once.
 */
@Processor(OUTREACH_QUEUE, { concurrency: 4 })
export class SendMessageProcessor extends WorkerHost {
  private readonly logger = new Logger(SendMessageProcessor.name);

  constructor(private readonly sender: OutreachSender) {
    super();
  }

  async process(job: Job<SendMessageJob>): Promise<string> {
    if (job.name !== SEND_MESSAGE_JOB) {
      // The AI engine's jobs (analyse, decide, draft) come with their own issue and processor.
      this.logger.warn(`no handler for outreach job ${job.name}; left unprocessed`);
      throw new Error(`Unknown outreach job ${job.name}`);
    }
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.sender.send(job.data, { lastAttempt });
  }
}
