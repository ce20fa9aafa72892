import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Job } from 'bullmq';
import type { PeopleConfig } from '../config';
import { INTAKE_QUEUE } from '../queues';
import { TAKE_IN_BATCH_JOB, TAKE_IN_JOB, TakeInBatchJob, TakeInJob } from './intake-queue';
import { IntakeService } from './intake.service';

/**
 * The `intake` queue's worker (ROLE worker or all): takes in INTAKE_CONCURRENCY submissions at once. A failed
 * take-in rolls back and BullMQ retries it with backoff; one taken in already is skipped.
 */
@Processor(INTAKE_QUEUE)
export class TakeInProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(TakeInProcessor.name);

  constructor(
    private readonly intake: IntakeService,
    @Inject(CONFIG) private readonly config: Pick<PeopleConfig, 'INTAKE_CONCURRENCY'>,
  ) {
    super();
  }

  /** The decorator's options are fixed at load time; the concurrency is the setting's. */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.INTAKE_CONCURRENCY;
  }

  async process(job: Job<TakeInJob | TakeInBatchJob>): Promise<void> {
    if (job.name === TAKE_IN_JOB) return this.intake.takeIn((job.data as TakeInJob).submission_id);
    if (job.name !== TAKE_IN_BATCH_JOB) throw new Error(`Unknown intake job ${job.name}`);
    const ids = (job.data as TakeInBatchJob).submission_ids;
    try {
      await this.intake.takeInBatch(ids);
    } catch (error) {
      // One form the batch cannot take must not hold up the others: each alone, then the first failure (if any)
      // fails the job, and BullMQ's retry runs only those still `received`.
      // The error's kind only: a database error's text can quote a form's values.
      const kind = `${(error as Error | null)?.name ?? 'Error'} ${(error as { code?: string } | null)?.code ?? ''}`;
      this.logger.warn(
        `batch take-in of ${ids.length} forms failed (${kind.trim()}), taking them one at a time`,
      );
      let failure: unknown = null;
      for (const id of ids) {
        await this.intake.takeIn(id).catch((reason: unknown) => (failure ??= reason));
      }
      if (failure) throw failure;
    }
  }
}
