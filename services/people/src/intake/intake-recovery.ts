import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IntakeQueue } from './intake-queue';

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Worker-side safety net of intake (as EngineRecovery is for the engine): every 30 s, submissions still
 * `received` whose take-in job never reached Redis get it again.
 */
@Injectable()
export class IntakeRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IntakeRecovery.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly queue: IntakeQueue) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.queue
        .sweep()
        .catch((error: unknown) =>
          this.logger.warn(`intake recovery: ${error instanceof Error ? error.message : String(error)}`),
        );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
