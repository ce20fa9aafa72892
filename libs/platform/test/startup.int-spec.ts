import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** A built service (`npm run build`), started as production starts it. */
const main = join(__dirname, '..', '..', '..', 'services', 'people', 'dist', 'main.js');

describe('service start-up', () => {
  it('refuses to start on a bad setting and says which, with a non-zero exit', () => {
    const result = spawnSync('node', [main], {
      env: { ...process.env, PORT: 'eighty', KAFKA_BROKERS: 'no-port-here', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration for people');
    expect(result.stderr).toContain('PORT:');
    expect(result.stderr).toContain('KAFKA_BROKERS: must be a comma-separated list of host:port');
  });

  it('refuses development secrets in production', () => {
    const result = spawnSync('node', [main], {
      env: { ...process.env, NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: INTERNAL_TOKEN_SECRET is required in production');
  });
});
