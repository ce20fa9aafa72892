// Starts a built service (services/<name>/dist/main.js) on the benchmark database and calls it over HTTP
// with internal identity tokens, as the gateway does. Used by bench:leads (people), bench:knowledge and
// bench:onboarding (with `env`: ROLE all, its crawl allowance).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** KAFKA_TOPIC_PREFIX of every benchmark's services. */
export const BENCH_TOPIC_PREFIX = 'bench.';

export async function startBuiltService(root, name, { databaseUrl, port, practiceIds, env = {} }) {
  const require = createRequire(join(root, 'package.json'));
  const { InternalTokens, IDENTITY_HEADER, generateIdentityKeyPair } = require(
    join(root, 'libs/platform/dist/index.js'),
  );
  // A key pair of its own for this run: the benchmark signs as the gateway, people verifies.
  const keys = generateIdentityKeyPair();
  const child = spawn('node', [join(root, `services/${name}/dist/main.js`)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      INTERNAL_IDENTITY_PUBLIC_KEY: keys.publicKey,
      LOG_LEVEL: 'warn',
      ROLE: 'api',
      QUEUE_PREFIX: `bench-${process.pid}`,
      // Its own topics: what it publishes never reaches the developer's `npm start` on the same broker.
      KAFKA_TOPIC_PREFIX: BENCH_TOPIC_PREFIX,
      ...env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} while starting`);
    const ok = await fetch(`${base}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 300) throw new Error(`${name} did not become live in 60 s`);
    await sleep(200);
  }

  // Tokens live 60 s: sign a fresh one well before that, outside the timed call.
  const tokens = new InternalTokens(keys);
  const identity = { userId: randomUUID(), practiceIds, name: 'Bench Runner' };
  let token = null;
  let signedAt = 0;
  return {
    /** The service's process id (for its CPU, from /proc). */
    pid: child.pid,
    async headers() {
      if (!token || Date.now() - signedAt > 30_000) {
        token = await tokens.sign(identity);
        signedAt = Date.now();
      }
      return { [IDENTITY_HEADER]: token };
    },
    /** GET path?query with the given headers; resolves with the parsed body, throws on a non-200. */
    async get(path, query, headers) {
      const response = await fetch(`${base}${path}?${new URLSearchParams(query)}`, { headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} → ${response.status}: ${body.slice(0, 200)}`);
      return JSON.parse(body);
    },
    /** POST path with a JSON body; resolves with the parsed body, throws on a non-200. */
    async post(path, data, headers) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`POST ${path} → ${response.status}: ${body.slice(0, 200)}`);
      return JSON.parse(body);
    },
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
