import { generateIdentityKeyPair } from '../src/identity/identity-keys';
import { createTestDatabase, ServiceProcess, startBuiltService, TestDatabase } from '@pp/testing';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** A built service (`npm run build`), started as production starts it. */
const dist = (service: string) => join(__dirname, '..', '..', '..', 'services', service, 'dist', 'main.js');

function startWith(env: NodeJS.ProcessEnv, service = 'people') {
  return spawnSync('node', [dist(service)], {
    // process.env holds this run's random secrets (libs/testing/jest/integration.setup.ts).
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('service start-up', () => {
  it('refuses to start on a bad setting and says which, with a non-zero exit', () => {
    const result = startWith({ PORT: 'eighty', KAFKA_BROKERS: 'no-port-here' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration for people');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('KAFKA_BROKERS: must be a comma-separated list of host:port');
  });

  it('refuses to start without the identity key: there is no default, in development either', () => {
    const result = startWith({ NODE_ENV: 'development', INTERNAL_IDENTITY_PUBLIC_KEY: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('INTERNAL_IDENTITY_PUBLIC_KEY: INTERNAL_IDENTITY_PUBLIC_KEY is required');
  });

  it.each([
    ['the old compose fallback', 'dev-only-jwt-secret-do-not-use-in-production'],
    ['the old code default', 'dev-only-secret-never-use-in-production-0000-JWT_SECRET'],
    ['a placeholder', 'REPLACE_ME'],
    ['a long but predictable value', '0123456789'.repeat(4)],
  ])('refuses, in production, to start the gateway with %s as JWT_SECRET', (_what, secret) => {
    const result = startWith({ NODE_ENV: 'production', JWT_SECRET: secret }, 'gateway');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration for gateway');
    expect(result.stderr).toMatch(/JWT_SECRET: JWT_SECRET (must|looks|is too)/);
  });

  it("refuses to start the gateway with a private key that is not the services' public key's pair", () => {
    const other = startWith(
      { INTERNAL_IDENTITY_PRIVATE_KEY: generateIdentityKeyPair().privateKey },
      'gateway',
    );
    expect(other.status).toBe(1);
    expect(other.stderr).toContain(
      'INTERNAL_IDENTITY_PRIVATE_KEY: INTERNAL_IDENTITY_PRIVATE_KEY is not the pair of INTERNAL_IDENTITY_PUBLIC_KEY',
    );
  });
});

describe('metrics (a service started from its build)', () => {
  let database: TestDatabase;
  let people: ServiceProcess;

  beforeAll(async () => {
    database = await createTestDatabase('metrics');
    people = await startBuiltService('people', {
      DATABASE_URL: database.url,
      METRICS_PORT: 'free',
    });
  });
  afterAll(async () => {
    await people?.stop();
    await database?.drop();
  });

  it('answers 404 for /metrics on the main port, which the gateway and other pods reach', async () => {
    const response = await fetch(`${people.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it('serves Prometheus metrics on METRICS_PORT, and nothing else there', async () => {
    await fetch(`${people.url}/health/live`);
    const metrics = await fetch(`${people.metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toContain('service="people"');
    expect((await fetch(`${people.metricsUrl}/health/ready`)).status).toBe(404);
  });
});
