import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { AfterCommit } from '../engine/after-commit';
import { INTAKE_QUEUE } from '../queues';

/** The job that takes in one `received` submission. */
export const TAKE_IN_JOB = 'take-in';

export interface TakeInJob {
  submission_id: string;
}

/** The job that takes in the submissions a consumer batch kept, together (IntakeService.takeInBatch). */
export const TAKE_IN_BATCH_JOB = 'take-in-batch';

export interface TakeInBatchJob {
  submission_ids: string[];
}

/** At most this many submissions in one take-in job (one transaction, its locks held until it commits). */
export const TAKE_IN_BATCH_SIZE = 50;

/** A submission still `received` this long after it was kept has missed its job (Redis down, process stopped). */
export const INTAKE_GRACE_SECONDS = 30;

/** One job id per submission: BullMQ ignores a second add while the first is waiting or running. */
export function takeInJobId(submissionId: string): string {
  return `intake_${submissionId}`;
}

/**
 * The `intake` queue, durable rows first (as the engine's queue): the submission is kept as `received` in the
 * consumer's transaction, its take-in job added after commit; `sweep` finds submissions whose job was lost.
 */
@Injectable()
export class IntakeQueue {
  constructor(
    @InjectQueue(INTAKE_QUEUE) private readonly queue: Queue<TakeInJob | TakeInBatchJob>,
    private readonly dataSource: DataSource,
    private readonly afterCommit: AfterCommit,
  ) {}

  /**
   * Adds the submissions' take-in jobs once the caller's transaction commits (nothing on rollback): one job per
   * TAKE_IN_BATCH_SIZE submissions, in one round trip to Redis. A submission belongs to one batch job; the sweep
   * adds a single job for one whose batch was lost.
   */
  takeInAfterCommit(manager: EntityManager, submissionIds: readonly string[]): void {
    if (submissionIds.length === 0) return;
    this.afterCommit.run(manager, () => this.addBatches(submissionIds));
  }

  /** Adds the take-in job; a done one is removed at once, so the sweep or a test can add it again. */
  add(submissionId: string): Promise<unknown> {
    return this.queue.add(
      TAKE_IN_JOB,
      { submission_id: submissionId },
      { jobId: takeInJobId(submissionId), removeOnComplete: true },
    );
  }

  /** Adds batch take-in jobs in one round trip to Redis (each named after its first submission). */
  addBatches(submissionIds: readonly string[]): Promise<unknown> {
    const batches: string[][] = [];
    for (let i = 0; i < submissionIds.length; i += TAKE_IN_BATCH_SIZE) {
      batches.push(submissionIds.slice(i, i + TAKE_IN_BATCH_SIZE));
    }
    return this.queue.addBulk(
      batches.map((ids) => ({
        name: TAKE_IN_BATCH_JOB,
        data: { submission_ids: ids },
        opts: { jobId: `intake_batch_${ids[0]}`, removeOnComplete: true },
      })),
    );
  }

  /** One pass of the safety net: submissions still `received` after the grace period get their job again. */
  async sweep(graceSeconds = INTAKE_GRACE_SECONDS): Promise<number> {
    const rows: { submission_id: string }[] = await this.dataSource.query(
      `SELECT "submission_id" FROM "people"."form_submissions"
       WHERE "status" = 'received' AND "created_at" < now() - make_interval(secs => $1)
       ORDER BY "created_at" LIMIT 500`,
      [graceSeconds],
    );
    for (const row of rows) await this.add(row.submission_id);
    return rows.length;
  }
}
