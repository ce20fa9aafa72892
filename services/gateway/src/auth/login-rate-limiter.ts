import { Inject, Injectable } from '@nestjs/common';
import { clientNetwork, CONFIG, RedisClient } from '@pp/platform';
import { createHash } from 'node:crypto';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GatewayConfig } from '../config';
import { AuthException } from './auth.exception';

const WINDOW_SECONDS = 15 * 60;

/** The account as a Redis key part: bounded in length, and no e-mail address stored in Redis. */
const accountKey = (account: string) => createHash('sha256').update(account).digest('base64url');

/**
 * Brute-force protection of the login, in Redis so it holds across gateway instances, without letting anyone
 * lock a practice out (docs/decisions/0007). Failed attempts count against the client network, and against
 * the pair (account, client network). Over either limit that network is refused until the window ends;
 * the same account signing in from anywhere else is not affected. A success clears the pair and does not
 * count against the network. Attempts are counted before the password is checked, so a burst of parallel
 * guesses cannot slip past the limit.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perNetwork: RateLimiterRedis;
  private readonly perAccountAndNetwork: RateLimiterRedis;

  constructor(@Inject(CONFIG) config: GatewayConfig, redis: RedisClient) {
    this.perNetwork = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'pp:gateway:login-ip',
      points: config.LOGIN_LIMIT_PER_IP,
      duration: WINDOW_SECONDS,
    });
    this.perAccountAndNetwork = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'pp:gateway:login-account-ip',
      points: config.LOGIN_LIMIT_PER_ACCOUNT_AND_IP,
      duration: WINDOW_SECONDS,
    });
  }

  /** Counts an attempt; throws AuthException.tooManyAttempts (429, Retry-After) when this network is over a limit. */
  async attempt(ip: string, account: string): Promise<void> {
    const network = clientNetwork(ip);
    const results = await Promise.allSettled([
      this.perNetwork.consume(network),
      this.perAccountAndNetwork.consume(`${network}|${accountKey(account)}`),
    ]);
    const limited = results.flatMap((result) =>
      result.status === 'rejected' && result.reason instanceof RateLimiterRes ? [result.reason] : [],
    );
    if (limited.length)
      throw AuthException.tooManyAttempts(Math.max(...limited.map((res) => res.msBeforeNext)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /** A correct password: the attempt is given back to the network and the pair starts again. */
  async succeeded(ip: string, account: string): Promise<void> {
    const network = clientNetwork(ip);
    await Promise.all([
      this.perNetwork.reward(network, 1),
      this.perAccountAndNetwork.delete(`${network}|${accountKey(account)}`),
    ]);
  }
}
