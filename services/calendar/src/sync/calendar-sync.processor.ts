import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { CalendarConfig } from '../config';
import { ProviderError } from '../integrations/providers';
import { CALENDAR_SYNC_QUEUE } from '../queues';
import { GhlRetryable } from './ghl-api';
import { GhlRateLimited } from './ghl-rate-limiter';
import { GhlSyncService } from './ghl-sync.service';
import { CalendarSyncJob, CalendarSyncJobData, CalendarSyncQueue } from './sync-queue';

const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * The retry delay of a failed sync job: HighLevel's Retry-After (429) or our limiter's wait when there is one,
 * else exponential from one second, capped at five minutes.
 */
export function ghlBackoff(attemptsMade: number, _type?: string, error?: Error): number {
  const said =
    error instanceof GhlRetryable
      ? error.retryAfterMs
      : error instanceof GhlRateLimited
        ? error.retryAfterMs
        : null;
  if (said !== null && said !== undefined) return Math.min(Math.max(said, 250), MAX_BACKOFF_MS);
  return Math.min(1000 * 2 ** Math.max(0, attemptsMade - 1), MAX_BACKOFF_MS);
}

/**
 * The `calendar-sync` queue's worker (ROLE worker or all): pushes, pulls (every GHL_PULL_INTERVAL_SECONDS, by a
 * job scheduler) and webhook applications of the GoHighLevel sync (docs/decisions/0022-ghl-calendar-sync.md).
 * 429, 5xx and unreachable are retried with backoff; a refusal (4xx, a revoked grant) is recorded on the
 * integration and not retried.
 */
@Processor(CALENDAR_SYNC_QUEUE, { concurrency: 4, settings: { backoffStrategy: ghlBackoff } })
export class CalendarSyncProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly sync: GhlSyncService,
    private readonly jobs: CalendarSyncQueue,
    @InjectQueue(CALENDAR_SYNC_QUEUE) private readonly queue: Queue<CalendarSyncJobData>,
    @Inject(CONFIG) private readonly config: CalendarConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'ghl-pull',
      { every: this.config.GHL_PULL_INTERVAL_SECONDS * 1000 },
      { name: 'pull-all', data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  async process(job: Job<CalendarSyncJobData>): Promise<unknown> {
    const task = { name: job.name, data: job.data } as CalendarSyncJob;
    const integrationId = await this.integrationOf(task);
    try {
      return await this.run(task, job);
    } catch (error) {
      if (error instanceof ProviderError) {
        if (integrationId) await this.sync.recordError(integrationId, error.message);
        throw new UnrecoverableError(error.message);
      }
      if ((error instanceof GhlRetryable || error instanceof GhlRateLimited) && integrationId)
        await this.sync.recordError(integrationId, error.message);
      throw error;
    }
  }

  private async run(task: CalendarSyncJob, job: Job): Promise<unknown> {
    switch (task.name) {
      case 'push':
        return this.sync.push(task.data.appointment_id);
      case 'pull': {
        const { applied, pushes } = await this.sync.pull(task.data.calendar_integration_id);
        for (const appointmentId of pushes)
          await this.jobs.add(
            { name: 'push', data: { appointment_id: appointmentId } },
            `sweep.${appointmentId}.${job.id ?? Date.now()}`,
          );
        return { applied, pushes: pushes.length };
      }
      case 'pull-all': {
        const slot = Math.floor(Date.now() / (this.config.GHL_PULL_INTERVAL_SECONDS * 1000));
        for (const id of await this.sync.activeIntegrationIds())
          await this.jobs.add({ name: 'pull', data: { calendar_integration_id: id } }, `pull.${id}.${slot}`);
        return null;
      }
      case 'webhook-apply': {
        const integration = await this.sync.integration(task.data.calendar_integration_id);
        if (!integration || integration.status !== 'active') return 'ignored';
        return this.sync.apply(integration, task.data.appointment, task.data.deleted);
      }
      default:
        return null;
    }
  }

  private async integrationOf(task: CalendarSyncJob): Promise<string | null> {
    if (task.name === 'pull' || task.name === 'webhook-apply') return task.data.calendar_integration_id;
    if (task.name === 'push') return this.sync.integrationOfAppointment(task.data.appointment_id);
    return null;
  }
}
