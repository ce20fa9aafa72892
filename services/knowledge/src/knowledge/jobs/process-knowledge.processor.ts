import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { KNOWLEDGE_QUEUE } from '../../queues';
import { KnowledgeProcessingRun } from '../knowledge-processing-run';
import { PROCESS_KNOWLEDGE_JOB, ProcessKnowledgeJob } from './process-knowledge.job';

/**
 * Crawls and chunks a practice's pages. Registered only where ROLE is worker or all; an api-only process
 * enqueues and never crawls. Two runs of one practice never crawl at once (KnowledgeProcessingRun).
 */
@Processor(KNOWLEDGE_QUEUE, { concurrency: 2 })
export class ProcessKnowledgeProcessor extends WorkerHost {
  private readonly logger = new Logger(ProcessKnowledgeProcessor.name);

  constructor(private readonly run: KnowledgeProcessingRun) {
    super();
  }

  async process(job: Job<ProcessKnowledgeJob>): Promise<string> {
    if (job.name !== PROCESS_KNOWLEDGE_JOB) {
      this.logger.warn(`no handler for knowledge job ${job.name}; left unprocessed`);
      throw new Error(`Unknown knowledge job ${job.name}`);
    }
    return this.run.execute(job.data, (progress) => job.updateProgress({ ...progress }));
  }
}
