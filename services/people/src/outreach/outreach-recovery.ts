import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SendMessageJob } from './jobs/send-message.processor';
import { OutreachQueue } from './outreach-queue';

/** A queued row older than this has missed its job (Redis was down, or the process stopped after commit). */
const QUEUED_GRACE_SECONDS = 30;
/** A queued row this old is given up: a message days late is worse than none. */
const QUEUED_EXPIRY_HOURS = 24;
/** A send claimed this long ago and not finished belongs to a worker that stopped mid-send. */
const SENDING_STALE_MINUTES = 10;
const SWEEP_INTERVAL_MS = 30_000;

/**
 * Worker-side safety net of the send ledger (runs where jobs are processed): re-enqueues committed sends
 * whose job never reached Redis, expires very old ones, and marks sends whose worker died mid-send as
 * failed with an 'outcome unknown' error instead of sending them again (at most once beats twice).
 */
@Injectable()
export class OutreachRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutreachRecovery.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outreach: OutreachQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn(`outreach recovery: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One pass; returns how many jobs were enqueued again. */
  async sweep(graceSeconds = QUEUED_GRACE_SECONDS): Promise<number> {
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends" SET "status" = 'failed', "error" = 'Not sent within ${QUEUED_EXPIRY_HOURS} hours'
       WHERE "status" = 'queued' AND "created_at" < now() - interval '${QUEUED_EXPIRY_HOURS} hours'`,
    );
    await this.dataSource.query(
      `UPDATE "people"."outreach_sends"
         SET "status" = 'failed', "error" = 'Outcome unknown: the worker stopped while sending; not retried to avoid a duplicate'
       WHERE "status" = 'sending' AND "claimed_at" < now() - interval '${SENDING_STALE_MINUTES} minutes'`,
    );
    const rows: { payload: SendMessageJob }[] = await this.dataSource.query(
      `SELECT "payload" FROM "people"."outreach_sends"
       WHERE "status" = 'queued' AND "created_at" < now() - make_interval(secs => $1)
       ORDER BY "created_at" LIMIT 500`,
      [graceSeconds],
    );
    for (const row of rows) await this.outreach.enqueue(row.payload);
    if (rows.length > 0) this.logger.log(`re-enqueued ${rows.length} outreach send(s)`);
    return rows.length;
  }
}
