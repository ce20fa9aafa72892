import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Job } from 'bullmq';
import type { PeopleConfig } from '../config';
import { eachAlone, errorKind } from '../batch-fallback';
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
      // The retry takes only the forms still `received`.
      this.logger.warn(
        `batch take-in of ${ids.length} forms failed (${errorKind(error)}), one at a time now`,
      );
      await eachAlone(ids, (id) => this.intake.takeIn(id), undefined);
    }
  }
}
