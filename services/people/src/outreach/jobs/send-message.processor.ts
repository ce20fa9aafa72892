import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { OUTREACH_QUEUE } from '../../queues';
import { OutreachSender } from '../outreach-sender';
import type { OutreachChannel } from '../transports/channel-transport';

export const SEND_MESSAGE_JOB = 'send-message';

/** Data of a `send-message` job on the `outreach` queue. The ledger row of its key holds the same. */
export interface SendMessageJob {
  /** `decision:<decision_id>` for an approved or edited AI decision, `action:<uuid>` for a staff send. */
  idempotency_key: string;
  practice_id: string;
  person_id: string;
  channel: OutreachChannel;
  /** send_sms, email_initial, schedule_call ... for AI decisions; sms_sent / email_sent for staff sends. */
  action_type: string;
  message: string;
  subject: string | null;
  source: 'ai_decision' | 'human_action';
  decision_id: string | null;
  /** Staff corrected the AI's message before it went out. */
  edited: boolean;
  notes: string | null;
  /** Who approved (AI decision) or wrote (staff send) it. */
  requested_by_name: string | null;
}

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
