/** Names of the engine's jobs on the `outreach` queue (docs/product/ai-engine.md#understanding-deciding-acting). */
export const ANALYZE_LEAD_JOB = 'analyze-lead';
export const RUN_ACTION_JOB = 'run-action';

/** Data of an `analyze-lead` job: its engine_analyses row holds the rest. */
export interface AnalyzeLeadJob {
  analysis_id: string;
  practice_id: string;
  person_id: string;
}

/** The analyses of a batch of forms, in one job and one transaction (LeadAnalyzer.runBatch). */
export const ANALYZE_BATCH_JOB = 'analyze-batch';

export interface AnalyzeBatchJob {
  analysis_ids: string[];
}

/** Data of a delayed `run-action` job (job id `action_<action_id>`). */
export interface RunActionJob {
  action_id: string;
  practice_id: string;
  person_id: string;
}

/** Several actions falling due at once (a batch of first contacts: ActionRunner.runBatch, ADR 0032). */
export const RUN_ACTION_BATCH_JOB = 'run-actions';

export interface RunActionBatchJob {
  action_ids: string[];
}

/** BullMQ job id of an action (BullMQ refuses ':' in custom ids). */
export const actionJobId = (actionId: string) => `action_${actionId}`;
