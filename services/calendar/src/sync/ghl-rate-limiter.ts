import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, RedisClient } from '@pp/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { CalendarConfig } from '../config';

/** HighLevel's window: its limit is counted per 10 seconds per location. */
export const GHL_WINDOW_SECONDS = 10;
/** A call waits at most this long for a slot; longer, the job is retried later (BullMQ backoff). */
const MAX_WAIT_MS = 15_000;

/** The limit was reached and the wait would be too long: retry the job after `retryAfterMs`. */
export class GhlRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`GoHighLevel rate limit of this location reached; retry in ${retryAfterMs} ms`);
  }
}

/**
 * HighLevel's rate limit (100 requests per 10 seconds per location) counted in Redis, so every calendar worker
 * shares it (rate-limiter-flexible's fixed window). A call takes a slot first and waits for the next window when
 * none is left.
 */
@Injectable()
export class GhlRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(CONFIG) config: CalendarConfig, redis: RedisClient) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `pp:calendar:ghl-rate:${config.QUEUE_PREFIX}`,
      points: config.GHL_RATE_LIMIT_PER_10S,
      duration: GHL_WINDOW_SECONDS,
    });
  }

  /** Takes a slot for the location: 0 when granted, else how many ms until the window frees one (none taken). */
  async tryTake(locationId: string): Promise<number> {
    try {
      await this.limiter.consume(locationId, 1);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
      throw error;
    }
  }

  /** Waits for a slot of the location; throws GhlRateLimited when that would take too long. */
  async take(locationId: string): Promise<void> {
    const started = Date.now();
    for (;;) {
      const wait = await this.tryTake(locationId);
      if (wait === 0) return;
      if (Date.now() - started + wait > MAX_WAIT_MS) throw new GhlRateLimited(wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
