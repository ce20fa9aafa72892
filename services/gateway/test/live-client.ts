import { ClientOptions, WebSocket } from 'ws';

/** A live-connection socket that records every message and its close code. */
export class LiveClient {
  readonly messages: string[] = [];
  readonly closed: Promise<number>;
  readonly ws: WebSocket;

  /** `options`: e.g. the headers of the upgrade request (a browser's User-Agent, a proxy's X-Forwarded-For). */
  constructor(url: string, options?: ClientOptions) {
    this.ws = new WebSocket(url, options);
    this.ws.on('message', (data) => this.messages.push(data.toString()));
    this.closed = new Promise((resolve) => this.ws.on('close', (code) => resolve(code)));
  }

  async next(predicate: (message: string) => boolean, timeoutMs: number): Promise<string> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = this.messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
  }

  /** Resolves once the server greeted the socket (connection accepted). */
  established(timeoutMs = 5000): Promise<string> {
    return this.next((m) => m.includes('connection_established'), timeoutMs);
  }

  /** The close code, or a failure if the socket is still open after `timeoutMs` (a generous bound). */
  closedWithin(timeoutMs: number): Promise<number> {
    return Promise.race([
      this.closed,
      new Promise<number>((_resolve, reject) =>
        setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
  }
}
