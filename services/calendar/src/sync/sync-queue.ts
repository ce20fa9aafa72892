import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { CALENDAR_SYNC_QUEUE } from '../queues';
import type { GhlAppointment } from './ghl-api';

/** The jobs of the `calendar-sync` queue (docs/decisions/0022-ghl-calendar-sync.md). */
export type CalendarSyncJob =
  | { name: 'push'; data: { appointment_id: string } }
  | { name: 'pull'; data: { calendar_integration_id: string } }
  | { name: 'pull-all'; data: Record<string, never> }
  | {
      name: 'webhook-apply';
      data: { calendar_integration_id: string; deleted: boolean; appointment: GhlAppointment };
    };

export type CalendarSyncJobData = CalendarSyncJob['data'];

/** Retries with HighLevel's Retry-After when it says one, else exponential (the processor's backoff strategy). */
export const SYNC_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'ghl', delay: 1000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

/** How long a request waits for Redis before leaving a push to the periodic pull's sweep. */
const ENQUEUE_TIMEOUT_MS = 2000;

/** Hands work to the `calendar-sync` queue; a job id per change makes each add idempotent. */
@Injectable()
export class CalendarSyncQueue {
  private readonly logger = new Logger(CalendarSyncQueue.name);

  constructor(
    @InjectQueue(CALENDAR_SYNC_QUEUE) private readonly queue: Queue<CalendarSyncJobData>,
    private readonly dataSource: DataSource,
  ) {}

  async add(job: CalendarSyncJob, jobId: string): Promise<void> {
    await this.queue.add(job.name, job.data, { ...SYNC_JOB_OPTIONS, jobId });
  }

  /**
   * After a booking or a move here has committed: a push, when the practice has an active GoHighLevel
   * integration. Never fails the caller: a push that could not be queued is found by the next pull's sweep
   * (`updated_at` later than `synced_at`).
   */
  async appointmentChanged(appointmentId: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const [row]: { updated_at: Date }[] = await this.dataSource.query(
        `SELECT a."updated_at" FROM "calendar"."appointments" a
         WHERE a."appointment_id" = $1 AND EXISTS (SELECT 1 FROM "calendar"."calendar_integrations" i
           WHERE i."practice_id" = a."practice_id" AND i."provider" = 'ghl' AND i."status" = 'active')`,
        [appointmentId],
      );
      if (!row) return;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Redis did not answer in time')), ENQUEUE_TIMEOUT_MS);
      });
      await Promise.race([
        this.add(
          { name: 'push', data: { appointment_id: appointmentId } },
          pushJobId(appointmentId, row.updated_at),
        ),
        timeout,
      ]);
    } catch (error) {
      this.logger.warn(
        `A GoHighLevel push was not queued (the next pull sends it): ${(error as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

/** One push per change of an appointment. */
export const pushJobId = (appointmentId: string, updatedAt: Date) =>
  `push.${appointmentId}.${updatedAt.getTime()}`;
