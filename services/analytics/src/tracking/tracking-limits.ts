import { Inject, Injectable } from '@nestjs/common';
import { clientNetwork, CONFIG, RedisClient } from '@pp/platform';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AnalyticsConfig } from '../config';
import { TrackingException } from './tracking.exception';

/** A limit of `points` requests per second in Redis (shared by every analytics instance), or none (0). */
function perSecond(redis: RedisClient, keyPrefix: string, points: number): RateLimiterRedis | null {
  if (points === 0) return null;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: 1,
    // Redis unreachable: each instance keeps counting in memory rather than letting everything through.
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: 1 }),
  });
}

/**
 * The public ingress's rate limits (docs/product/ai-engine.md#intake-the-public-tracking-ingress), fixed
 * one-second windows in Redis: TRACKING_RATE_LIMIT_PER_IP requests per second from one client network (an
 * IPv4 address, an IPv6 /64), and TRACKING_RATE_LIMIT_PER_SITE_KEY per practice website; 0 turns either off.
 * Over a limit: 429 with Retry-After.
 */
@Injectable()
export class TrackingLimits {
  private readonly perIp: RateLimiterRedis | null;
  private readonly perSiteKey: RateLimiterRedis | null;

  constructor(@Inject(CONFIG) config: AnalyticsConfig, redis: RedisClient) {
    this.perIp = perSecond(redis, 'pp:analytics:tracking-ip', config.TRACKING_RATE_LIMIT_PER_IP);
    this.perSiteKey = perSecond(redis, 'pp:analytics:tracking-site', config.TRACKING_RATE_LIMIT_PER_SITE_KEY);
  }

  /** Counts a request from this address; throws TrackingException.rateLimited over the limit. */
  async fromIp(ip: string | null): Promise<void> {
    if (this.perIp && ip) await consume(this.perIp, clientNetwork(ip));
  }

  /** Counts a request for this practice's website (by practice id: a known site key only). */
  async forPractice(practiceId: string): Promise<void> {
    if (this.perSiteKey) await consume(this.perSiteKey, practiceId);
  }
}

async function consume(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw TrackingException.rateLimited(error.msBeforeNext);
    throw error;
  }
}
