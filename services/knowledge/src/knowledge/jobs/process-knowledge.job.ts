/** The name of the job on the `knowledge` queue that crawls and chunks a practice's pages. */
export const PROCESS_KNOWLEDGE_JOB = 'process-knowledge';

/** Data of a `process-knowledge` job. */
export interface ProcessKnowledgeJob {
  practice_id: string;
  /** The processing run (knowledge_processing.run_id) it belongs to: a job of an older run does nothing. */
  run_id: string;
  /** all: crawl the whole website (pages no longer on it are removed); urls: only `urls`. */
  scope: 'all' | 'urls';
  urls: string[];
}

/** Progress a job reports through job.updateProgress (and the status row). */
export interface ProcessKnowledgeProgress {
  found: number;
  processed: number;
  failed: number;
}

/** One job per run: BullMQ ignores a second add of the same id. */
export function processJobId(practiceId: string, runId: string): string {
  return `knowledge-${practiceId}-${runId}`;
}
