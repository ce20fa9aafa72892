import { Injectable, Logger } from '@nestjs/common';
import { LeadBroadcastMessage } from '@pp/contracts';
import { Gauge } from 'prom-client';
import type { WebSocket } from 'ws';
import type { LiveViewer } from '../audit/live-audit';

const RECENT_LIMIT = 2000;

const socketsGauge = new Gauge({
  name: 'gateway_websocket_connections',
  help: 'Open live-connection sockets',
});

/** The staff session a socket was opened with (the access token's id and its user). */
export interface SocketSession {
  jti: string;
  userId: string;
}

interface Entry {
  practiceId: string;
  session: SocketSession;
  /** The connection's side of the audit log: asked before each push (docs/decisions/0047-auditing-realtime-views.md). */
  viewer?: LiveViewer;
}

/**
 * The sockets of this gateway instance, by practice. Each lead event is pushed to the sockets of its own
 * practice only. A redelivered event (same id) is pushed once. Each socket remembers the session it was
 * opened with, so that the end of a session closes its sockets. A push to a staff user's socket is in the audit
 * log: its viewer files an entry for the lead (one per lead per period), and withholds the push when the log
 * cannot take it.
 */
@Injectable()
export class RealtimeHub {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly entries = new Map<WebSocket, Entry>();
  private readonly recent = new Set<string>();

  add(practiceId: string, socket: WebSocket, session: SocketSession, viewer?: LiveViewer): void {
    const set = this.sockets.get(practiceId) ?? new Set<WebSocket>();
    set.add(socket);
    this.sockets.set(practiceId, set);
    this.entries.set(socket, { practiceId, session, viewer });
    socketsGauge.inc();
    socket.once('close', () => {
      this.detach(socket, practiceId);
      this.entries.delete(socket);
      socketsGauge.dec();
    });
  }

  broadcast(message: LeadBroadcastMessage, eventId: string): number {
    if (this.recent.has(eventId)) return 0;
    this.remember(eventId);
    const sockets = this.sockets.get(message.practice_id);
    if (!sockets) return 0;
    // Serialised and encoded once per event: given a string, ws would measure and encode it again for every
    // socket (a practice's thousands of sockets are one loop on the event loop). Sent as a text frame all the same.
    const data = Buffer.from(JSON.stringify(message));
    const sent = (error?: Error) => error && this.logger.warn(error.message);
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      const viewer = this.entries.get(socket)?.viewer;
      if (viewer && !viewer.pushing(message.person_id)) continue;
      socket.send(data, { binary: false }, sent);
    }
    return sockets.size;
  }

  /** The ids of the sessions that have a socket open here. */
  sessionIds(): string[] {
    return [...new Set([...this.entries.values()].map((entry) => entry.session.jti))];
  }

  /** Closes every socket of these sessions at once (they stop receiving before the close completes). */
  closeSessions(jtis: Iterable<string>, code: number, reason: string): number {
    const ended = new Set(jtis);
    let closed = 0;
    for (const [socket, entry] of this.entries) {
      if (!ended.has(entry.session.jti)) continue;
      this.detach(socket, entry.practiceId);
      socket.close(code, reason);
      closed++;
    }
    return closed;
  }

  closeAll(): void {
    for (const set of this.sockets.values())
      for (const socket of set) socket.close(1001, 'Server shutting down');
  }

  /** No more broadcasts to this socket, even while its closing handshake is under way. */
  private detach(socket: WebSocket, practiceId: string): void {
    const set = this.sockets.get(practiceId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(practiceId);
  }

  private remember(eventId: string): void {
    this.recent.add(eventId);
    if (this.recent.size > RECENT_LIMIT) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }
}
