import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OutreachQueue } from './outreach-queue';
import { QUEUED_GRACE_SECONDS, SendLedger } from './send-ledger';

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Worker-side safety net of the send ledger (runs where jobs are processed): every 30 s, SendLedger.sweep
 * expires very old sends and fails sends whose worker died mid-send ('outcome unknown', never sent again),
 * and the committed sends whose job never reached Redis are enqueued again.
 */
@Injectable()
export class OutreachRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutreachRecovery.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly ledger: SendLedger,
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
    const jobs = await this.ledger.sweep(graceSeconds);
    for (const job of jobs) await this.outreach.enqueue(job);
    if (jobs.length > 0) this.logger.log(`re-enqueued ${jobs.length} outreach send(s)`);
    return jobs.length;
  }
}
