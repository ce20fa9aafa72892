import { Inject, Injectable } from '@nestjs/common';
import { clientNetwork, CONFIG, RedisClient } from '@pp/platform';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { OnboardingConfig } from '../config';
import { DemoException, DemoExceptionCode, DemoMessages } from './demo.exception';

const HOUR = 3600;
/** Demo chat messages an hour, per session and per client network. */
const CHAT_PER_SESSION_PER_HOUR = 30;
const CHAT_PER_NETWORK_PER_HOUR = 60;

/** A limit of `points` per hour in Redis (shared by every onboarding instance), counted in memory when Redis is down. */
function perHour(redis: RedisClient, keyPrefix: string, points: number): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: HOUR,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: HOUR }),
  });
}

/**
 * What a stranger may start (docs/product/onboarding.md#limits-and-expiry): DEMO_STARTS_PER_HOUR demos from one
 * client network (an IPv4 address, an IPv6 /64), DEMO_FRESH_PER_SITE_PER_HOUR fresh analyses of one site, and 30 chat messages
 * an hour per demo (60 per network). Over a limit: 429 with Retry-After.
 */
@Injectable()
export class DemoLimits {
  private readonly perNetwork: RateLimiterRedis | null;
  private readonly perSite: RateLimiterRedis | null;
  private readonly chatPerSession: RateLimiterRedis;
  private readonly chatPerNetwork: RateLimiterRedis;

  constructor(@Inject(CONFIG) config: OnboardingConfig, redis: RedisClient) {
    // Under the queue prefix: stacks sharing one Redis (tests, a bench beside `npm start`) count apart.
    const prefix = `${config.QUEUE_PREFIX}:onboarding`;
    this.perNetwork =
      config.DEMO_STARTS_PER_HOUR > 0
        ? perHour(redis, `${prefix}:demo-network`, config.DEMO_STARTS_PER_HOUR)
        : null;
    this.perSite =
      config.DEMO_FRESH_PER_SITE_PER_HOUR > 0
        ? perHour(redis, `${prefix}:demo-site`, config.DEMO_FRESH_PER_SITE_PER_HOUR)
        : null;
    this.chatPerSession = perHour(redis, `${prefix}:demo-chat`, CHAT_PER_SESSION_PER_HOUR);
    this.chatPerNetwork = perHour(redis, `${prefix}:demo-chat-network`, CHAT_PER_NETWORK_PER_HOUR);
  }

  /** Counts a demo started from this address. */
  async start(ip: string | null): Promise<void> {
    if (this.perNetwork && ip) await consume(this.perNetwork, clientNetwork(ip), DemoMessages.tooManyDemos);
  }

  /** Counts a demo chat message, for its session and the client's network. */
  async chat(sessionId: string, ip: string | null): Promise<void> {
    await consume(this.chatPerSession, sessionId, DemoMessages.tooManyMessages);
    if (ip) await consume(this.chatPerNetwork, clientNetwork(ip), DemoMessages.tooManyMessages);
  }

  /** Counts a fresh analysis of a site (`host:port`). */
  async restart(site: string): Promise<void> {
    if (this.perSite) await consume(this.perSite, site, DemoMessages.tooManyRestarts);
  }
}

async function consume(limiter: RateLimiterRedis, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new DemoException(DemoExceptionCode.RateLimited, message, {
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
    throw error;
  }
}
