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
