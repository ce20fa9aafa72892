import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { CALLS_QUEUE } from '../../queues';

/** The jobs of the `calls` queue: what a voice webhook leaves for a worker (docs/decisions/0017-twilio-voice.md). */
export type CallJob =
  /** An inbound call's dial to the practice line ended: answered, or missed (text-back). */
  | { kind: 'dial-ended'; call_id: string; dial_status: string }
  /** The caller left a voicemail (its recording). */
  | {
      kind: 'voicemail-recorded';
      call_id: string;
      recording_url: string | null;
      duration_seconds: number | null;
    }
  /** Twilio's transcription of a voicemail. */
  | {
      kind: 'voicemail-transcribed';
      call_id: string;
      transcript: string | null;
      recording_url: string | null;
    }
  /** An AI call ended (status callback): phone_call_completed. */
  | { kind: 'call-ended'; call_sid: string; status: string; duration_seconds: number | null }
  /** A call's recording is ready. */
  | { kind: 'recording'; call_sid: string; recording_url: string };

/**
 * Adds calls jobs. The job id is derived from the call and what happened, so a webhook Twilio retries adds
 * nothing new (BullMQ ignores an id it holds), and each handler is idempotent in the database as well.
 */
@Injectable()
export class CallsQueue {
  constructor(@InjectQueue(CALLS_QUEUE) private readonly queue: Queue<CallJob>) {}

  async add(job: CallJob, key: string): Promise<void> {
    await this.queue.add(job.kind, job, {
      jobId: `${job.kind}_${key}`.replace(/:/g, '_'),
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }
}
