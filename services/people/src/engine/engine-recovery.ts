import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EngineQueue } from './engine-queue';

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Worker-side safety net of the engine (as OutreachRecovery is for sends): every 30 s, analyses whose job never
 * reached Redis and scheduled actions past due get their job again.
 */
@Injectable()
export class EngineRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EngineRecovery.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly queue: EngineQueue) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.queue
        .sweep()
        .catch((error: unknown) =>
          this.logger.warn(`engine recovery: ${error instanceof Error ? error.message : String(error)}`),
        );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
