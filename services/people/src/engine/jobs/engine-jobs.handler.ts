import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { OutreachJobHandler } from '../../outreach/jobs/outreach-job-handler';
import { ActionRunner } from '../action-runner';
import { LeadAnalyzer } from '../lead-analyzer';
import {
  ANALYZE_BATCH_JOB,
  ANALYZE_LEAD_JOB,
  AnalyzeBatchJob,
  AnalyzeLeadJob,
  RUN_ACTION_BATCH_JOB,
  RUN_ACTION_JOB,
  RunActionBatchJob,
  RunActionJob,
} from './engine-jobs';

/** Runs the engine's jobs on the outreach queue's worker (ROLE worker or all). */
@Injectable()
export class EngineJobsHandler extends OutreachJobHandler {
  constructor(
    private readonly analyzer: LeadAnalyzer,
    private readonly runner: ActionRunner,
  ) {
    super();
  }

  handles(name: string): boolean {
    return [ANALYZE_LEAD_JOB, ANALYZE_BATCH_JOB, RUN_ACTION_JOB, RUN_ACTION_BATCH_JOB].includes(name);
  }

  async process(job: Job): Promise<string> {
    if (job.name === ANALYZE_LEAD_JOB) return this.analyzer.run((job.data as AnalyzeLeadJob).analysis_id);
    if (job.name === ANALYZE_BATCH_JOB) {
      return (await this.analyzer.runBatch((job.data as AnalyzeBatchJob).analysis_ids)).join(',');
    }
    if (job.name === RUN_ACTION_BATCH_JOB) {
      return (await this.runner.runBatch((job.data as RunActionBatchJob).action_ids)).join(',');
    }
    return this.runner.run((job.data as RunActionJob).action_id);
  }
}
