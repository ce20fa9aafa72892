import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayHarness, startGateway } from './gateway-harness';

describe("the website tracking script at /pp.js, served by the gateway to practices' websites", () => {
  let h: GatewayHarness;
  let missing: GatewayHarness;
  let dir: string;
  let file: string;
  const SCRIPT = '(function(){/* pp */})();';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pp-tracker-'));
    file = join(dir, 'pp.js');
    writeFileSync(file, SCRIPT);
    h = await startGateway('tracking_script', { TRACKER_SCRIPT: file });
    missing = await startGateway('tracking_script_missing', { TRACKER_SCRIPT: join(dir, 'nothing.js') });
  });

  afterAll(async () => {
    await h?.stop();
    await missing?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers with the built script as JavaScript, cacheable for an hour and loadable from any origin', async () => {
    const response = await h
      .http()
      .get('/pp.js')
      .set('Origin', 'https://www.bayside-aesthetics.example')
      .expect(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.text).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('revalidates by ETag and serves a rebuilt script under a new one', async () => {
    const first = await h.http().get('/pp.js').expect(200);
    const etag = first.headers['etag'] as string;
    await h.http().get('/pp.js').set('If-None-Match', etag).expect(304);
    writeFileSync(file, `${SCRIPT}\n// rebuilt`);
    const rebuilt = await h.http().get('/pp.js').set('If-None-Match', etag).expect(200);
    expect(rebuilt.text).toBe(`${SCRIPT}\n// rebuilt`);
    expect(rebuilt.headers['etag']).not.toBe(etag);
  });

  it('answers 404 in the envelope when the script was not built', async () => {
    const response = await missing.http().get('/pp.js').expect(404);
    expect(response.body).toEqual({ detail: 'Not found' });
  });
});
