import type { Job } from 'bullmq';

/**
 * Another feature's jobs on the `outreach` queue (the AI engine's analyze-lead and run-action): the queue has
 * one worker, which hands every job that is not a send to the handler that knows its name.
 */
export abstract class OutreachJobHandler {
  abstract handles(name: string): boolean;
  abstract process(job: Job): Promise<unknown>;
}
