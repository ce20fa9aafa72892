import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { CRAWL_QUEUE } from '../../queues';
import { DemoRun } from '../demo-run';
import { CRAWL_DEMO_JOB, DemoJob, EXTRACT_DEMO_JOB } from './demo-jobs';

/**
 * Takes demos from their website address to ready. Registered only where ROLE is worker or all; an api-only
 * process enqueues and never crawls. Two demos are crawled at once per worker process.
 */
@Processor(CRAWL_QUEUE, { concurrency: 2 })
export class DemoProcessor extends WorkerHost {
  private readonly logger = new Logger(DemoProcessor.name);

  constructor(private readonly run: DemoRun) {
    super();
  }

  async process(job: Job<DemoJob>): Promise<string> {
    if (job.name === CRAWL_DEMO_JOB) return this.run.crawl(job.data.demo_session_id);
    if (job.name === EXTRACT_DEMO_JOB) return this.run.extract(job.data.demo_session_id);
    this.logger.warn(`no handler for crawl job ${job.name}; left unprocessed`);
    throw new Error(`Unknown crawl job ${job.name}`);
  }
}
