import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { KNOWLEDGE_QUEUE } from '../queues';
import { PROCESS_KNOWLEDGE_JOB, processJobId, ProcessKnowledgeJob } from './jobs/process-knowledge.job';

/** How long a request waits for Redis before giving up on starting a run. */
const ENQUEUE_TIMEOUT_MS = 3000;

/** Hands processing runs to the `knowledge` queue (the processor runs where ROLE is worker or all). */
@Injectable()
export class KnowledgeQueue {
  constructor(@InjectQueue(KNOWLEDGE_QUEUE) private readonly queue: Queue<ProcessKnowledgeJob>) {}

  /**
   * Adds the run's job; throws when Redis does not take it in time. One attempt: a crawl that failed is
   * reported as failed and the user starts another; the run id makes a duplicate add a no-op.
   */
  async enqueue(job: ProcessKnowledgeJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.queue.add(PROCESS_KNOWLEDGE_JOB, job, {
          jobId: processJobId(job.practice_id, job.run_id),
          attempts: 1,
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
