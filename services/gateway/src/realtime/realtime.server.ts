import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_WELCOME_TYPE, LiveCloseCodes, type LiveWelcomeMessage } from '@pp/contracts';
import { WebSocket, WebSocketServer } from 'ws';
import { LiveAudit } from '../audit/live-audit';
import { AuthMessages } from '../auth/auth.exception';
import { Authenticated, Authenticator } from '../auth/authenticator';
import { Sessions } from '../auth/sessions';
import { parseRequestTarget } from '../proxy/request-target';
import { RealtimeHub } from './realtime.hub';

const PATH = /^\/api\/v1\/practices\/([^/?#]+)\/events\/?$/;
const NOT_FOUND = 'HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** Close codes of the live connection, shared with the console (`@pp/contracts`). */
export const CloseCodes = LiveCloseCodes;

/** The reasons the gateway gives when it closes a live connection, each written once. */
export const CloseReasons = {
  invalidToken: AuthMessages.invalidToken,
  signedOut: 'Signed out',
  sessionExpired: 'Session expired',
  forbidden: 'Not allowed to access this practice',
} as const;

/**
 * The live connection: `/api/v1/practices/{practice_id}/events?token=...`. A missing, invalid or idle
 * session's token closes with 4001, a practice the user cannot access with 4003. The server greets with
 * connection_established (with its clock, from which a reconnecting console catches up) and answers the text
 * 'ping' with 'pong'. Traffic on the socket (pings, pushes) is
 * not user activity: it never keeps a session from going idle. When the session ends (logout, idle), the
 * socket closes with 4001 (SessionWatch). The lead events pushed to it are in the audit log (LiveAudit).
 */
@Injectable()
export class RealtimeServer implements OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeServer.name);
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  constructor(
    private readonly authenticator: Authenticator,
    private readonly sessions: Sessions,
    private readonly hub: RealtimeHub,
    private readonly liveAudit: LiveAudit,
  ) {}

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // The same canonical-path rule as every HTTP request (no dot segments, no encoded slashes).
      const target = parseRequestTarget(request.url ?? '');
      const match = target && PATH.exec(target.path);
      if (!target || !match) {
        socket.end(NOT_FOUND);
        return;
      }
      const practiceId = decodeURIComponent(match[1]); // decodable: parseRequestTarget checked it
      const token = new URLSearchParams(target.query).get('token');
      this.wss.handleUpgrade(request, socket, head, (ws) => void this.accept(ws, practiceId, token, request));
    });
  }

  private async accept(
    ws: WebSocket,
    practiceId: string,
    token: string | null,
    request: IncomingMessage,
  ): Promise<void> {
    // Listen at once: a 'ping' sent while the token is being checked is answered once accepted.
    const accepted = this.authorize(ws, practiceId, token);
    ws.on('message', (data, isBinary) => {
      if (isBinary || data.toString() !== 'ping') return;
      void accepted.then((auth) => auth && ws.readyState === ws.OPEN && ws.send('pong'));
    });
    ws.on('error', (error) => this.logger.warn(`live connection: ${error.message}`));
    const auth = await accepted;
    // A client that left while its token was being checked never reaches the hub (its 'close' is past).
    if (!auth || ws.readyState !== ws.OPEN) return;
    const { jti, userId } = auth.claims;
    // What is pushed to it is in the audit log, as the user, from the upgrade's address and browser.
    this.hub.add(practiceId, ws, { jti, userId }, this.liveAudit.open(auth, practiceId, request));
    // A logout announced while the token was being checked found no socket to close: look again.
    if (!(await this.sessions.isActive(jti, false).catch(() => true))) {
      ws.close(CloseCodes.unauthenticated, CloseReasons.signedOut);
      return;
    }
    if (ws.readyState !== ws.OPEN) return;
    // Sent once the socket is in the hub: from server_time on, every lead event this gateway consumes reaches it.
    const welcome: LiveWelcomeMessage = {
      type: LIVE_WELCOME_TYPE,
      practice_id: practiceId,
      server_time: new Date().toISOString(),
    };
    ws.send(JSON.stringify(welcome));
  }

  /**
   * Checks the token, its session and the practice; closes the socket with the spec's code when one fails.
   * Opening the socket checks the session without counting as activity.
   */
  private async authorize(
    ws: WebSocket,
    practiceId: string,
    token: string | null,
  ): Promise<Authenticated | null> {
    let auth: Authenticated | null;
    try {
      auth = await this.authenticator.fromToken(token, 'background');
    } catch (error) {
      this.logger.error(`live connection: ${String(error)}`);
      ws.close(1011, 'Internal error');
      return null;
    }
    if (!auth) {
      ws.close(CloseCodes.unauthenticated, CloseReasons.invalidToken);
      return null;
    }
    if (!auth.identity.practiceIds.includes(practiceId)) {
      ws.close(CloseCodes.forbidden, CloseReasons.forbidden);
      return null;
    }
    this.expireWithToken(ws, auth.claims.exp);
    return auth;
  }

  /** A socket lives no longer than the token it was opened with. */
  private expireWithToken(ws: WebSocket, exp: number): void {
    const timer = setTimeout(
      () => ws.close(CloseCodes.unauthenticated, CloseReasons.sessionExpired),
      Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1),
    );
    ws.once('close', () => clearTimeout(timer));
  }

  onApplicationShutdown(): void {
    this.hub.closeAll();
    this.wss.close();
  }
}
