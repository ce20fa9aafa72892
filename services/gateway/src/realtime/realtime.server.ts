import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LiveCloseCodes } from '@pp/contracts';
import { WebSocket, WebSocketServer } from 'ws';
import { Authenticated, Authenticator } from '../auth/authenticator';
import { RealtimeHub } from './realtime.hub';

const PATH = /^\/api\/v1\/practices\/([^/?#]+)\/events\/?$/;

/** Close codes of the live connection, shared with the console (`@pp/contracts`). */
export const CloseCodes = LiveCloseCodes;

/**
 * The live connection: `/api/v1/practices/{practice_id}/events?token=...`. A missing or invalid token
 * closes with 4001, a practice the user cannot access with 4003. The server greets with
 * connection_established and answers the text 'ping' with 'pong'.
 */
@Injectable()
export class RealtimeServer implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeServer.name);
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  constructor(
    private readonly authenticator: Authenticator,
    private readonly hub: RealtimeHub,
  ) {}

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://gateway');
      const match = PATH.exec(url.pathname);
      if (!match) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        void this.accept(ws, decodeURIComponent(match[1]), url.searchParams.get('token'));
      });
    });
  }

  private async accept(ws: WebSocket, practiceId: string, token: string | null): Promise<void> {
    // Listen at once: a 'ping' sent while the token is being checked is answered once accepted.
    const accepted = this.authorize(ws, practiceId, token);
    ws.on('message', (data, isBinary) => {
      if (isBinary || data.toString() !== 'ping') return;
      void accepted.then((ok) => ok && ws.readyState === ws.OPEN && ws.send('pong'));
    });
    ws.on('error', (error) => this.logger.warn(`live connection: ${error.message}`));
    if (!(await accepted)) return;
    this.hub.add(practiceId, ws);
    ws.send(JSON.stringify({ type: 'connection_established', practice_id: practiceId }));
  }

  /** Checks the token and the practice; closes the socket with the spec's code when either fails. */
  private async authorize(ws: WebSocket, practiceId: string, token: string | null): Promise<boolean> {
    let auth: Authenticated | null;
    try {
      auth = await this.authenticator.fromToken(token);
    } catch (error) {
      this.logger.error(`live connection: ${String(error)}`);
      ws.close(1011, 'Internal error');
      return false;
    }
    if (!auth) {
      ws.close(CloseCodes.unauthenticated, 'Could not validate credentials');
      return false;
    }
    if (!auth.identity.practiceIds.includes(practiceId)) {
      ws.close(CloseCodes.forbidden, 'Not allowed to access this practice');
      return false;
    }
    this.expireWithToken(ws, auth.claims.exp);
    return true;
  }

  /** A socket lives no longer than the token it was opened with. */
  private expireWithToken(ws: WebSocket, exp: number): void {
    const timer = setTimeout(
      () => ws.close(CloseCodes.unauthenticated, 'Session expired'),
      Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1),
    );
    ws.once('close', () => clearTimeout(timer));
  }

  onApplicationShutdown(): void {
    this.hub.closeAll();
    this.wss.close();
  }
}
