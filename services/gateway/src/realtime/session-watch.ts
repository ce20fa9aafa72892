import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, RedisClient } from '@pp/platform';
import type Redis from 'ioredis';
import { SESSION_ENDED_CHANNEL, SessionEnded, Sessions } from '../auth/sessions';
import { GatewayConfig } from '../config';
import { RealtimeHub } from './realtime.hub';
import { CloseCodes, CloseReasons } from './realtime.server';

/** How often open sockets are checked against their sessions, at most (idle sessions, missed messages). */
const MAX_SWEEP_MS = 30_000;

/**
 * Closes the live connections of sessions that ended, on this gateway instance:
 * - at once when any instance announces a logout on Redis pub/sub (SESSION_ENDED_CHANNEL);
 * - at the next sweep (every quarter of the idle time, at most 30 s) when a session went idle, or when an
 *   announcement was missed while the subscription was reconnecting.
 * Both close with 4001, which sends the console to the sign-in page.
 */
@Injectable()
export class SessionWatch implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionWatch.name);
  private readonly sweepMs: number;
  private subscriber?: Redis;
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    @Inject(CONFIG) config: GatewayConfig,
    private readonly redis: RedisClient,
    private readonly sessions: Sessions,
    private readonly hub: RealtimeHub,
  ) {
    this.sweepMs = Math.min(MAX_SWEEP_MS, Math.max(100, (config.SESSION_IDLE_MINUTES * 60_000) / 4));
  }

  async onApplicationBootstrap(): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.logger.warn(`session announcements: ${error.message}`));
    subscriber.on('message', (_channel: string, text: string) => this.onSessionEnded(text));
    // After a reconnect, catch up with what may have been announced meanwhile.
    subscriber.on('ready', () => void this.sweep());
    await subscriber.subscribe(SESSION_ENDED_CHANNEL);
    this.timer = setInterval(() => void this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  private onSessionEnded(text: string): void {
    let message: Partial<SessionEnded>;
    try {
      message = JSON.parse(text) as Partial<SessionEnded>;
    } catch {
      return;
    }
    if (typeof message.jti !== 'string') return;
    this.hub.closeSessions([message.jti], CloseCodes.unauthenticated, CloseReasons.signedOut);
  }

  /** Closes the sockets of every session that is no longer active (idle, revoked or expired). */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const open = this.hub.sessionIds();
      const active = await this.sessions.stillActive(open);
      const ended = open.filter((jti) => !active.has(jti));
      if (ended.length)
        this.hub.closeSessions(ended, CloseCodes.unauthenticated, CloseReasons.sessionExpired);
    } catch (error) {
      this.logger.warn(`session sweep: ${String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
