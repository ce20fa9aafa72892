import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { CONFIG, RedisClient } from '@pp/platform';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GatewayConfig } from '../config';

const WINDOW_SECONDS = 15 * 60;

export class TooManyAttempts extends HttpException {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Too many login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Brute-force protection of the login, in Redis so it holds across gateway instances:
 * every attempt counts against the client IP; failed attempts count against the account and a success
 * clears them.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perIp: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;

  constructor(@Inject(CONFIG) config: GatewayConfig, redis: RedisClient) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'pp:gateway:login-ip',
      points: config.LOGIN_LIMIT_PER_IP,
      duration: WINDOW_SECONDS,
    });
    this.perAccount = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'pp:gateway:login-account',
      points: config.LOGIN_LIMIT_PER_ACCOUNT,
      duration: WINDOW_SECONDS,
    });
  }

  /** Counts an attempt; throws 429 when the IP or the account is over its limit. */
  async attempt(ip: string, account: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (error) {
      throw this.limited(error);
    }
    const failures = await this.perAccount.get(account);
    if (failures && failures.consumedPoints >= this.perAccount.points) {
      throw new TooManyAttempts(failures.msBeforeNext / 1000);
    }
  }

  async failed(account: string): Promise<void> {
    await this.perAccount.penalty(account, 1);
  }

  async succeeded(account: string): Promise<void> {
    await this.perAccount.delete(account);
  }

  private limited(error: unknown): Error {
    if (error instanceof RateLimiterRes) return new TooManyAttempts(error.msBeforeNext / 1000);
    return error instanceof Error ? error : new Error(String(error));
  }
}
