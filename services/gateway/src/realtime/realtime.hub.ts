import { Injectable, Logger } from '@nestjs/common';
import { LeadBroadcastMessage } from '@pp/contracts';
import { Gauge } from 'prom-client';
import type { WebSocket } from 'ws';

const RECENT_LIMIT = 2000;

const socketsGauge = new Gauge({
  name: 'gateway_websocket_connections',
  help: 'Open live-connection sockets',
});

/**
 * The sockets of this gateway instance, by practice. Each lead event is pushed to the sockets of its own
 * practice only. A redelivered event (same id) is pushed once.
 */
@Injectable()
export class RealtimeHub {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly recent = new Set<string>();

  add(practiceId: string, socket: WebSocket): void {
    const set = this.sockets.get(practiceId) ?? new Set<WebSocket>();
    set.add(socket);
    this.sockets.set(practiceId, set);
    socketsGauge.inc();
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(practiceId);
      socketsGauge.dec();
    });
  }

  broadcast(message: LeadBroadcastMessage, eventId: string): number {
    if (this.recent.has(eventId)) return 0;
    this.remember(eventId);
    const sockets = this.sockets.get(message.practice_id);
    if (!sockets) return 0;
    const text = JSON.stringify(message);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN)
        socket.send(text, (error) => error && this.logger.warn(error.message));
    }
    return sockets.size;
  }

  closeAll(): void {
    for (const set of this.sockets.values())
      for (const socket of set) socket.close(1001, 'Server shutting down');
  }

  private remember(eventId: string): void {
    this.recent.add(eventId);
    if (this.recent.size > RECENT_LIMIT) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }
}
