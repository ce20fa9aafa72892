import { Inject, Injectable } from '@nestjs/common';
import { clientNetwork, CONFIG, RedisClient } from '@pp/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GatewayConfig } from '../config';
import { SignupException, SignupExceptionCode, SignupMessages } from './signup.exception';

/**
 * Sign-ups per client network (an IPv4 address, an IPv6 /64) per hour, in Redis so it holds across gateway
 * instances: each well-formed attempt counts, whether it creates an account or finds the e-mail taken, so the
 * form cannot be used to list who has an account.
 */
@Injectable()
export class SignupLimiter {
  private readonly perNetwork: RateLimiterRedis;

  constructor(@Inject(CONFIG) config: GatewayConfig, redis: RedisClient) {
    this.perNetwork = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'pp:gateway:signup-ip',
      points: config.SIGNUPS_PER_HOUR,
      duration: 60 * 60,
    });
  }

  /** Counts an attempt; 429 with Retry-After when the network is over the limit. */
  async attempt(ip: string): Promise<void> {
    try {
      await this.perNetwork.consume(clientNetwork(ip));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new SignupException(
        SignupExceptionCode.TooMany,
        SignupMessages.tooMany(Math.max(1, Math.ceil(seconds / 60))),
        seconds,
      );
    }
  }
}
