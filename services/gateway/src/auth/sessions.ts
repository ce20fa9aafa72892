import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, RedisClient } from '@pp/platform';
import { GatewayConfig } from '../config';

const ACTIVE_PREFIX = 'pp:gateway:active:';

/** Redis pub/sub channel on which every gateway instance hears of ended sessions. */
export const SESSION_ENDED_CHANNEL = 'pp:gateway:session-ended';

/** Published on SESSION_ENDED_CHANNEL when a session ends before its token expires (logout, revocation). */
export interface SessionEnded {
  jti: string;
  user_id: string;
}

export interface SessionRef {
  jti: string;
  userId: string;
}

/** Requests the console makes on its own (a refresh after a live event) send this so they do not count. */
export const BACKGROUND_HEADER = 'x-pp-background';

/** Whether a request declared itself as not made by the user (see BACKGROUND_HEADER). */
export function isBackgroundRequest(headers: Record<string, string | string[] | undefined>): boolean {
  const value = headers[BACKGROUND_HEADER];
  return (Array.isArray(value) ? value[0] : value) === '1';
}

/**
 * The server side of a staff session, in Redis so every gateway instance sees the same state: a token is
 * usable only while its activity key exists. Signing in creates the key with a time-to-live of
 * SESSION_IDLE_MINUTES; each API request the user makes pushes that expiry back (a sliding window), so a
 * session nobody uses for that long ends by itself (automatic logoff, docs/decisions/0007). Ending a session
 * deletes the key and announces it, so that every instance closes the session's live connections at once.
 */
@Injectable()
export class Sessions {
  private readonly idleMs: number;

  constructor(
    @Inject(CONFIG) config: GatewayConfig,
    private readonly redis: RedisClient,
  ) {
    this.idleMs = Math.max(1, Math.round(config.SESSION_IDLE_MINUTES * 60_000));
  }

  async start(jti: string): Promise<void> {
    await this.redis.set(ACTIVE_PREFIX + jti, '1', 'PX', this.idleMs);
  }

  /**
   * Whether the session is still active. `touch` counts this as activity: the idle window starts again.
   * Checking and sliding is one command, so a session cannot be revived once it has ended.
   */
  async isActive(jti: string, touch: boolean): Promise<boolean> {
    const key = ACTIVE_PREFIX + jti;
    return touch ? (await this.redis.pexpire(key, this.idleMs)) === 1 : (await this.redis.exists(key)) === 1;
  }

  /** Of these sessions, the ones that are still active (one round trip). */
  async stillActive(jtis: string[]): Promise<Set<string>> {
    if (jtis.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const jti of jtis) pipeline.exists(ACTIVE_PREFIX + jti);
    const results = (await pipeline.exec()) ?? [];
    // A command that failed says nothing about its session: keep it for the next check.
    return new Set(jtis.filter((_jti, i) => !!results[i]?.[0] || results[i]?.[1] === 1));
  }

  /** Ends the session everywhere: its token stops working and its live connections close. */
  async end(session: SessionRef): Promise<void> {
    await this.redis.del(ACTIVE_PREFIX + session.jti);
    const message: SessionEnded = { jti: session.jti, user_id: session.userId };
    await this.redis.publish(SESSION_ENDED_CHANNEL, JSON.stringify(message));
  }
}
