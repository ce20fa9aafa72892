import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Job } from 'bullmq';
import type { PeopleConfig } from '../config';
import { INTAKE_QUEUE } from '../queues';
import { TAKE_IN_JOB, TakeInJob } from './intake-queue';
import { IntakeService } from './intake.service';

/**
 * The `intake` queue's worker (ROLE worker or all): takes in INTAKE_CONCURRENCY submissions at once. A failed
 * take-in rolls back and BullMQ retries it with backoff; one taken in already is skipped.
 */
@Processor(INTAKE_QUEUE)
export class TakeInProcessor extends WorkerHost implements OnApplicationBootstrap {
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

  async process(job: Job<TakeInJob>): Promise<void> {
    if (job.name !== TAKE_IN_JOB) throw new Error(`Unknown intake job ${job.name}`);
    await this.intake.takeIn(job.data.submission_id);
  }
}
