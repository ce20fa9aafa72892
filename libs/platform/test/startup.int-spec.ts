import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** A built service (`npm run build`), started as production starts it. */
const main = join(__dirname, '..', '..', '..', 'services', 'people', 'dist', 'main.js');

function startWith(env: NodeJS.ProcessEnv) {
  return spawnSync('node', [main], {
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

  it('refuses development secrets in production', () => {
    const result = startWith({ NODE_ENV: 'production', INTERNAL_TOKEN_SECRET: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('INTERNAL_TOKEN_SECRET: INTERNAL_TOKEN_SECRET is required in production');
  });
});
