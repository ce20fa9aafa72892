import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { CRAWL_QUEUE } from '../queues';
import { CRAWL_DEMO_JOB, DemoJob, demoJobId, EXTRACT_DEMO_JOB } from './jobs/demo-jobs';

/** How long a request waits for Redis before giving up on starting a demo. */
const ENQUEUE_TIMEOUT_MS = 3000;

/** Hands a demo's steps to the `crawl` queue (processed where ROLE is worker or all). */
@Injectable()
export class DemoQueue {
  constructor(@InjectQueue(CRAWL_QUEUE) private readonly queue: Queue<DemoJob>) {}

  /** The crawl of a new session; throws when Redis does not take it in time. */
  async crawl(sessionId: string): Promise<void> {
    await this.add(CRAWL_DEMO_JOB, sessionId);
  }

  /** The extraction, once the crawl has stored the pages. */
  async extract(sessionId: string): Promise<void> {
    await this.add(EXTRACT_DEMO_JOB, sessionId);
  }

  private async add(kind: typeof CRAWL_DEMO_JOB | typeof EXTRACT_DEMO_JOB, sessionId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.queue.add(
          kind,
          { demo_session_id: sessionId },
          { jobId: demoJobId(kind, sessionId), attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
