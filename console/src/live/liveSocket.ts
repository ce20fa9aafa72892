import type { LeadBroadcastMessage } from '@pp/contracts';
import { en } from '../i18n/en';
import { parseWelcome } from './catchUp';
import { attemptsSpent, createThrottle, decideOnClose, LiveTiming } from './reconnectPolicy';

/**
 * The live connection client (docs/product/live-connection.md), free of React: it opens the socket, pings
 * every 30 s, retries by the policy of reconnectPolicy.ts and reports its state and the lead broadcasts.
 * LiveProvider wires it to the page.
 */

export type LiveState = 'connecting' | 'open' | 'closed';

export interface LiveStatus {
  state: LiveState;
  /** What went wrong, in the spec's words; null while all is well or after a deliberate close. */
  error: string | null;
  /** Retries spent since the connection last stayed open (LiveTiming.stableOpenMs). */
  attempts: number;
}

export interface LiveSocketOptions {
  url: string;
  onStatus: (status: LiveStatus) => void;
  onMessage: (message: LeadBroadcastMessage) => void;
  /**
   * The server greeted a connection (it is among the practice's sockets from then on), with its clock.
   * `reopened`: an earlier connection of this client was greeted too, so this one follows a drop.
   */
  onWelcome?: (welcome: { serverTime: string | null; reopened: boolean }) => void;
  /** The server refused the token (4001). */
  onUnauthorized: () => void;
  /** The server refused the practice (4003): the token is still good. */
  onForbidden?: () => void;
  createSocket?: (url: string) => WebSocket;
  now?: () => number;
}

/** Messages that keep the connection alive or greet it; they carry nothing for the views. */
const IGNORED = new Set(['connection_established', 'ping', 'pong']);
const LEAD_BROADCASTS = new Set(['lead_created', 'lead_updated', 'event_appended']);

/** The socket URL of a practice's live events, on the page's own host (the gateway). */
export function liveUrl(practiceId: string, token: string, location: Pick<Location, 'protocol' | 'host'>) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/v1/practices/${encodeURIComponent(practiceId)}/events?token=${encodeURIComponent(token)}`;
}

/** A parsed lead broadcast, or null for keep-alives, greetings and anything unreadable. */
export function parseLiveMessage(data: unknown): LeadBroadcastMessage | null {
  if (typeof data !== 'string' || IGNORED.has(data)) return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const { type, broadcast_type } = message as { type?: unknown; broadcast_type?: unknown };
  const kind = typeof type === 'string' ? type : broadcast_type;
  if (typeof kind !== 'string' || IGNORED.has(kind) || !LEAD_BROADCASTS.has(kind)) return null;
  return { ...(message as LeadBroadcastMessage), type: kind as LeadBroadcastMessage['type'] };
}

export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private disabled = true;
  /** A connection of this client was greeted: the next greeting follows a drop. */
  private greeted = false;
  private readonly allowVisibleReconnect: () => boolean;

  constructor(private readonly options: LiveSocketOptions) {
    this.allowVisibleReconnect = createThrottle(LiveTiming.visibilityThrottleMs, options.now);
  }

  start(): void {
    this.disabled = false;
    this.attempts = 0;
    this.open();
  }

  /** A deliberate close: code 1000, no retry. */
  stop(): void {
    this.disabled = true;
    this.clearRetry();
    this.clearPing();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000);
    this.report('closed', null);
  }

  /** The tab became visible: at most once per 60 s, forget past retries and reconnect if closed. */
  onVisible(): void {
    if (this.disabled || !this.allowVisibleReconnect()) return;
    this.attempts = 0;
    if (this.socket) return; // connecting or open: nothing to reopen
    this.clearRetry();
    this.open();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private open(): void {
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    let openedAt: number | null = null;
    this.report('connecting', null);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      openedAt = this.now();
      // The retry count is not reset here: only a connection that stays open counts (attemptsSpent).
      this.report('open', null);
      this.pingTimer = setInterval(() => {
        if (socket.readyState === 1) socket.send('ping');
      }, LiveTiming.pingEveryMs);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      const welcome = parseWelcome(event.data);
      if (welcome) {
        const reopened = this.greeted;
        this.greeted = true;
        return this.options.onWelcome?.({ serverTime: welcome.serverTime, reopened });
      }
      const message = parseLiveMessage(event.data);
      if (message) this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return; // an old socket we replaced or stopped
      this.socket = null;
      this.clearPing();
      const openFor = openedAt === null ? null : this.now() - openedAt;
      this.attempts = attemptsSpent(this.attempts, openFor);
      this.onClosed(event.code, openedAt !== null);
    };
  }

  private onClosed(code: number, wasOpen: boolean): void {
    const decision = decideOnClose(code, this.attempts, this.disabled);
    const t = en.pp.live;
    switch (decision.kind) {
      case 'stop':
        return this.report('closed', null);
      case 'unauthorized':
        this.disabled = true;
        this.report('closed', null);
        return this.options.onUnauthorized();
      case 'forbidden':
        this.disabled = true;
        this.report('closed', null);
        return this.options.onForbidden?.();
      case 'exhausted':
        console.warn(t.lost_after_max);
        return this.report('closed', t.max_attempts);
      case 'retry':
        this.attempts = decision.attempt;
        // Never opened: the server could not be reached. Opened before: the connection dropped.
        this.report('closed', wasOpen ? t.lost : t.error);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          if (!this.disabled) this.open();
        }, decision.delayMs);
    }
  }

  private report(state: LiveState, error: string | null): void {
    this.options.onStatus({ state, error, attempts: this.attempts });
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
