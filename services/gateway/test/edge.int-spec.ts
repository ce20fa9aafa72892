import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputMessages } from '@pp/platform';
import { TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the path exactly as given (like `curl --path-as-is`): no client-side normalisation. */
function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    // a WebSocket handshake that was accepted
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A service that answers everything and records what reached it, standing in for people (webhooks) and
 * onboarding: what it sees is what the gateway forwarded.
 */
class RecordingUpstream {
  readonly seen: string[] = [];
  /** The Cookie header of each forwarded request (undefined: none). */
  readonly cookies: (string | undefined)[] = [];
  private readonly server: Server = createServer((req, res) => {
    this.seen.push(req.url ?? '');
    this.cookies.push(req.headers.cookie);
    // As a service does, the whole body is read before the answer.
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end(JSON.stringify({ upstream: true, url: req.url, secret: 'internal-only' }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

describe('the edge: canonical paths only, forwarded as matched, and never cached', () => {
  let h: GatewayHarness;
  let upstream: RecordingUpstream;
  let dir: string;
  let user: TestUser;
  let token: string;

  beforeAll(async () => {
    upstream = new RecordingUpstream();
    const upstreamUrl = await upstream.start();
    // a built console, and a file beside it that must never be served
    dir = mkdtempSync(join(tmpdir(), 'pp-edge-'));
    mkdirSync(join(dir, 'site', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'site', 'assets', 'app-1a2b.js'), 'console.log("app")');
    writeFileSync(join(dir, 'outside.txt'), 'TOP-SECRET-OUTSIDE-THE-CONSOLE');
    h = await startGateway('edge', {
      CONSOLE_DIR: join(dir, 'site'),
      PEOPLE_URL: upstreamUrl,
      ONBOARDING_URL: upstreamUrl,
      ANALYTICS_URL: upstreamUrl,
    });
    user = await h.tenants.user();
    await h.tenants.practice([user]);
    token = await h.login(user);
  });

  afterAll(async () => {
    await h.stop();
    upstream.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    upstream.seen.splice(0);
    upstream.cookies.splice(0);
  });

  it('answers 413 in the envelope for a body over 1 MiB, before anything is forwarded', async () => {
    const response = await h
      .http()
      .post('/api/v1/onboarding/start')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ website_url: `https://${'a'.repeat(2 * 1024 * 1024)}.example` }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body is too large (1 MiB at most)' });
    expect(upstream.seen).toEqual([]);
    // Within the limit, it is forwarded.
    await h.http().post('/api/v1/onboarding/start').send({ website_url: 'https://glow.example' }).expect(200);
    expect(upstream.seen).toEqual(['/api/v1/onboarding/start']);
  });

  it('answers 413 in the envelope for a body sent in chunks that passes 1 MiB, and forwards one within it', async () => {
    const chunked = (size: number) =>
      new Promise<RawResponse>((resolve, reject) => {
        const { hostname, port } = new URL(h.gateway.url);
        const req = httpRequest(
          {
            host: hostname,
            port,
            path: '/api/v1/onboarding/start',
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        const piece = Buffer.alloc(64 * 1024, 'a');
        for (let sent = 0; sent < size; sent += piece.length) req.write(piece);
        req.end();
      });

    const refused = await chunked(2 * 1024 * 1024);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ detail: 'Request body is too large (1 MiB at most)' });
    const within = await chunked(512 * 1024);
    expect(within.status).toBe(200);
    // The refused one never reached the service.
    expect(upstream.seen).toEqual(['/api/v1/onboarding/start']);
  });

  it('forwards no cookie of the browser but the consent cookie an OAuth callback checks', async () => {
    await rawGet(h.gateway.url, '/api/v1/people/abc/events', {
      Authorization: `Bearer ${token}`,
      Cookie: 'session=staff-secret; theme=dark',
    });
    await rawGet(h.gateway.url, '/api/v1/email/oauth/callback?code=c&state=s', {
      Cookie: 'session=staff-secret; pp_oauth_state=0a9e66; theme=dark',
    });
    expect(upstream.cookies).toEqual([undefined, 'pp_oauth_state=0a9e66']);
  });

  describe('path traversal', () => {
    it.each([
      '/api/v1/webhooks/../../../metrics',
      '/api/v1/onboarding/../../../api/docs-json',
      '/api/v1/webhooks/%2e%2e/%2e%2e/%2e%2e/metrics',
      '/api/v1/webhooks/%2E%2E/%2E%2E/%2E%2E/metrics',
      '/api/v1/webhooks/.%2e/.%2E/%2e./metrics',
      '/api/v1/onboarding/..%2f..%2f..%2fapi%2fdocs-json',
      '/api/v1/onboarding/..%5c..%5c..%5capi/docs-json',
      '/api/v1/webhooks/..\\..\\..\\metrics',
      '/api/v1/tracking//../../../metrics',
      '/api/v1/webhooks/./x',
      '/api/v1/people/../webhooks/x',
    ])('refuses %s with 404 before anything is forwarded', async (path) => {
      const response = await rawGet(h.gateway.url, path);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ detail: 'Not found' });
      expect(upstream.seen).toEqual([]);
    });

    it('forwards a public path exactly as it was matched, with its query string', async () => {
      const response = await rawGet(h.gateway.url, '/api/v1/webhooks/twilio/sms?From=x&a=%2e%2e');
      expect(response.status).toBe(200);
      expect(upstream.seen).toEqual(['/api/v1/webhooks/twilio/sms?From=x&a=%2e%2e']);
    });

    it('forwards an authenticated path exactly as it was matched', async () => {
      const response = await rawGet(h.gateway.url, '/api/v1/people/abc/events?limit=5', {
        Authorization: `Bearer ${token}`,
      });
      expect(response.status).toBe(200);
      expect(upstream.seen).toEqual(['/api/v1/people/abc/events?limit=5']);
    });

    it('does not let a traversal reach the gateway own routes with or without a token', async () => {
      for (const path of [
        '/api/v1/webhooks/../users/me',
        '/api/v1/webhooks/%2e%2e/users/me',
        '/api/v1/people/../../v1/users/me',
        '/api/v1/users/me/.',
        '/api/v1//users/me',
        '/health/../api/v1/users/me',
      ]) {
        for (const headers of [{}, { Authorization: `Bearer ${token}` }] as Record<string, string>[]) {
          const response = await rawGet(h.gateway.url, path, headers);
          expect({ path, status: response.status, body: response.body }).toEqual({
            path,
            status: 404,
            body: JSON.stringify({ detail: 'Not found' }),
          });
        }
      }
      expect(upstream.seen).toEqual([]);
    });

    it('never serves a file outside the console through its static handler', async () => {
      for (const path of [
        '/../outside.txt',
        '/assets/../../outside.txt',
        '/%2e%2e/outside.txt',
        '/assets/%2e%2e/%2e%2e/outside.txt',
        '/assets/..%2f..%2foutside.txt',
        '/assets/..%5c..%5coutside.txt',
        '/..\\outside.txt',
      ]) {
        const response = await rawGet(h.gateway.url, path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.body).not.toContain('TOP-SECRET');
      }
      // the console itself is still served
      expect((await rawGet(h.gateway.url, '/assets/app-1a2b.js')).status).toBe(200);
    });

    it('refuses a live connection requested through a traversal', async () => {
      const response = await rawGet(h.gateway.url, `/api/v1/webhooks/../practices/x/events?token=${token}`, {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      });
      expect(response.status).toBe(404);
    });

    it('refuses a live connection whose practice id is not valid percent-encoding, and keeps running', async () => {
      const upgrade = {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      };
      const response = await rawGet(h.gateway.url, `/api/v1/practices/%zz/events?token=${token}`, upgrade);
      expect(response.status).toBe(404);
      expect((await rawGet(h.gateway.url, '/health/live')).status).toBe(200);
    });

    it.each([
      ['/api/v1/webhooks/twilio?x=%zz', InputMessages.malformedQuery],
      ['/api/v1/webhooks/twilio?x=%ED%A0%80', InputMessages.malformedQuery],
      ['/api/v1/webhooks/twilio?next=../../metrics', 'Invalid query string'],
    ])(
      'answers a query the forwarding cannot carry (%s) with 400 in the envelope, not a 500',
      async (path, detail) => {
        const response = await rawGet(h.gateway.url, path);
        expect(response.status).toBe(400);
        expect(JSON.parse(response.body)).toEqual({ detail });
        expect(upstream.seen).toEqual([]);
      },
    );
  });

  describe('Cache-Control', () => {
    it.each([
      ['the login token', 'post', '/api/v1/auth/login'],
      ['the current user', 'get', '/api/v1/users/me'],
      ['the practices list', 'get', '/api/v1/users/me/practices'],
      ['a refused request', 'get', '/api/v1/practices/00000000-0000-4000-8000-000000000000'],
    ])('is no-store on %s', async (_what, method, path) => {
      const call =
        method === 'post'
          ? h.http().post(path).type('form').send({ username: user.email, password: user.password })
          : h.http().get(path).set('Authorization', `Bearer ${token}`);
      const response = await call.set('X-Forwarded-For', '10.200.0.1');
      expect(response.status).toBeLessThan(500);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('is no-store on a forwarded response (people, search, calendar...), whatever the service sent', async () => {
      const response = await h
        .http()
        .get('/api/v1/people/search?q=amelia')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(response.body.upstream).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('is no-store on a 401 without a token', async () => {
      const response = await h.http().get('/api/v1/people/').expect(401);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('leaves the console files cacheable', async () => {
      const asset = await h.http().get('/assets/app-1a2b.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await h.http().get('/leads').expect(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    });
  });
});
