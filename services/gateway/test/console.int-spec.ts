import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayHarness, startGateway } from './gateway-harness';

describe('the built console, served by the gateway', () => {
  let h: GatewayHarness;
  let dir: string;
  const INDEX =
    '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pp-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("app")');
    h = await startGateway('console', { CONSOLE_DIR: dir });
  });

  afterAll(async () => {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/leads',
    '/leads/0d9d6b7e-3f47-4a43-9d43-0c1a8f1b2a77',
    '/settings/practice/locations',
  ])('answers %s with the app so a deep link survives a reload', async (path) => {
    const response = await h.http().get(path).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the built files with their type', async () => {
    const response = await h.http().get('/assets/app-1a2b.js').expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.text).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file (an asset of an older build) with 404, not the app', async () => {
    const response = await h.http().get('/assets/app-0000.js').expect(404);
    expect(response.body).toEqual({ detail: 'Not found' });
  });

  it('never answers an unknown API path with the app', async () => {
    const response = await h.http().get('/api/v1/no-such-thing').expect(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});

/** The CSP names only the hosts the console uses (docs/decisions/0044-console-csp-and-map-tiles.md). */
describe('the console page and its policy, with and without a map tile server', () => {
  const PAGE =
    '<!doctype html><html><head><meta name="pp-map-tiles" content="" /></head><body><div id="root"></div></body></html>';
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pp-console-tiles-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  it('without one (the default): images only from this origin and data:, connections only to this origin', async () => {
    const h = await startGateway('console-no-tiles', { CONSOLE_DIR: dir });
    try {
      for (const path of ['/leads', '/api/v1/no-such-thing']) {
        const response = await h.http().get(path);
        const policy = String(response.headers['content-security-policy']);
        expect(directive(policy, 'img-src')).toBe("img-src 'self' data:");
        expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
        expect(policy).not.toMatch(/https:(?!\/)|\bws:|\bwss:|\*/);
      }
      const page = await h.http().get('/analytics/realtime').expect(200);
      expect(page.text).toBe(PAGE);
    } finally {
      await h.stop();
    }
  });

  it('with one: its host alone is added to img-src, and the page names the template', async () => {
    const h = await startGateway('console-tiles', {
      CONSOLE_DIR: dir,
      MAP_TILES_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
    try {
      const response = await h.http().get('/analytics/realtime').expect(200);
      const policy = String(response.headers['content-security-policy']);
      expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://*.tiles.example.org");
      expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
      expect(response.text).toContain(
        '<meta name="pp-map-tiles" content="https://{s}.tiles.example.org/{z}/{x}/{y}.png" />',
      );
    } finally {
      await h.stop();
    }
  });
});
