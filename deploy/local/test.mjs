// `npm test`: every test. Type-checks, lints and format-checks, runs the unit tests (services and console),
// brings the infrastructure up (stopping at the end what it started), runs the integration tests against real
// PostgreSQL, Redis and Kafka, then the browser tests: the built console in Debian's Chromium against a stack
// of its own (other ports, a fresh database, its own Redis database), so a running `npm start` is left alone.
// Exits non-zero on any failure and closes with 'N passed, N failed'.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureChromium, ensureHeadlessShell } from './chromium.mjs';
import { ensureDovecot } from './dovecot.mjs';
import { startStack } from './stack.mjs';
import { build, elapsed, ensureInstalled, ROOT, run } from './workspace.mjs';

const startedAt = Date.now();
const RESULTS = join(ROOT, 'deploy', 'local', '.run', 'test-results');
const KAFKA_PID = join(ROOT, 'deploy', 'local', '.run', 'kafka.pid');
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The browser tests' own stack: gateway on 18080, services on 18081-18085, analytics' consumer on 18086. */
const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 18080);
/** Overridable so two checkouts on one machine can run their browser tests side by side. */
const E2E_DATABASE = process.env.E2E_DATABASE ?? 'practicepilot_e2e';
const E2E_REDIS_DB = Number(process.env.E2E_REDIS_DB ?? 3);
/** Where a browser test serves a practice website of its own (clear of the stack's ports). */
const E2E_SITE_PORT = E2E_GATEWAY_PORT + 50;
// The public demo's browser test serves a fixture practice website here (console/e2e/onboarding.e2e.ts).
const E2E_DEMO_SITE_PORT = E2E_GATEWAY_PORT + 51;
// A second gateway of the stack, configured with a map tile server on loopback (MAP_TILES_URL), and that tile
// server: the visitor map's tiles under the console's policy (console/e2e/content-security.e2e.ts). The first
// gateway has none, as a deployment has by default (docs/decisions/0044-console-csp-and-map-tiles.md).
const E2E_TILES_GATEWAY_PORT = E2E_GATEWAY_PORT + 52;
const E2E_TILE_SERVER_PORT = E2E_GATEWAY_PORT + 53;

async function step(title, fn) {
  const since = Date.now();
  console.log(`\n=== ${title}`);
  await fn();
  console.log(`=== ${title}: done in ${elapsed(since)}`);
}

async function jest(projects, extra = [], { name = projects.join('-'), env = {} } = {}) {
  const output = join(RESULTS, `${name}.json`);
  try {
    await run('npx', ['jest', '--selectProjects', ...projects, '--json', '--outputFile', output, ...extra], {
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env },
    });
  } finally {
    if (existsSync(output)) {
      const result = JSON.parse(readFileSync(output, 'utf8'));
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
      totals.skipped += result.numPendingTests + result.numTodoTests;
    }
  }
}

/**
 * The unit and console tests run on a fixed clock (jest.config.js: a Wednesday at noon UTC). Those that read the
 * clock or name a date run once more at 00:30 UTC on a month's first day, when the date in America is still the
 * previous day and month: a test that holds only at some hours fails here, at every run.
 */
const LATE_CLOCK = '2026-12-01T00:30:00Z';
const CLOCK_WORDS =
  /new Date\(|Date\.now|useFakeTimers|today|yesterday|tomorrow|\bago\b|timeZone|TZDate|clock/i;

function clockSensitiveSpecs() {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.spec\.tsx?$/.test(entry.name) && CLOCK_WORDS.test(readFileSync(path, 'utf8')))
        found.push(path);
    }
  };
  for (const top of ['libs', 'services', 'console/src', 'deploy']) walk(join(ROOT, top));
  return found.map((path) => relative(ROOT, path));
}

/** Waits for every task, then fails with the first failure (none is left running unwatched). */
async function allOf(tasks) {
  const failed = (await Promise.allSettled(tasks)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/** The rule of usesContainers() in libs/testing/jest/containers.ts (this script runs before anything is built). */
function usesContainers() {
  const docker = !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  return docker && !process.env.DATABASE_URL && !process.env.REDIS_URL && !process.env.KAFKA_BROKERS;
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  // `npm test -- browser [file filter…]`: only the browser tests (installs, builds and brings the
  // infrastructure up first); further arguments go to Playwright (`npm test -- browser settings`).
  if (process.argv[2] === 'browser') {
    await ensureInstalled();
    await build();
    const { up } = await import('./infra.mjs');
    await up();
    return step('browser tests (Playwright, Debian Chromium)', browserTests);
  }
  await step('install', ensureInstalled);
  // The type-check and the linters each run on one core (tsc -b and ESLint are single-threaded): side by side.
  await step('type-check, lint and format', async () => {
    // Nx's module-boundaries rule reads the cached project graph and is silently skipped without one.
    await run('npx', ['nx', 'show', 'projects'], { stdio: 'ignore' });
    await allOf([
      (async () => {
        await build();
        await run('npx', ['tsc', '-p', 'tsconfig.spec.json']);
        await run('npx', ['tsc', '-p', 'console/tsconfig.json']);
        await run('npx', ['tsc', '-p', 'tracker/tsconfig.json']);
      })(),
      (async () => {
        await run('npx', ['eslint', '.', '--max-warnings=0']);
        await run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
      })(),
    ]);
  });
  // One test worker a core: Jest's default keeps one core for its own process, which mostly waits.
  await step('unit tests (services, console, tracking script)', () =>
    jest(['unit', 'console', 'tracker'], ['--maxWorkers=100%']),
  );
  await step(`clock-sensitive unit tests again at ${LATE_CLOCK}`, () =>
    jest(['unit', 'console'], ['--maxWorkers=100%', '--runTestsByPath', ...clockSensitiveSpecs()], {
      name: 'late-clock',
      env: { TEST_CLOCK: LATE_CLOCK },
    }),
  );
  const { up, down } = await import('./infra.mjs');
  const kafkaWasOurs = existsSync(KAFKA_PID);
  if (usesContainers())
    console.log('\nDocker engine found and no *_URL set: testcontainers provides the infrastructure.');
  else await step('infrastructure (Kafka, PostgreSQL, Redis)', up);
  const startedKafka = !kafkaWasOurs && existsSync(KAFKA_PID);
  try {
    await step('integration tests (real PostgreSQL, Redis, Kafka; dovecot for IMAP)', async () => {
      await ensureDovecot();
      await jest(['integration'], ['--maxWorkers=2']);
    });
    await step('browser tests (Playwright, Debian Chromium)', browserTests);
  } finally {
    if (startedKafka) await down();
  }
}

/** Builds the console, starts a stack of its own on a fresh, seeded database and runs Playwright against it. */
async function browserTests() {
  await ensureChromium();
  await ensureHeadlessShell();
  // The console builds while the database is dropped, migrated and seeded (vite on one core, the migrations and
  // seeds mostly waiting on PostgreSQL); its failure fails the stage where it is awaited, before the stack starts.
  const consoleBuilt = run('npm', ['run', 'build', '--workspace', 'console']);
  consoleBuilt.catch(() => {});
  const { dropDatabase, ensureDatabase, REDIS_URL } = await import('./infra.mjs');
  await dropDatabase(E2E_DATABASE);
  // GoHighLevel for the calendar settings test: a loopback peer (deploy/local/ghl-peer.mjs).
  const { startE2eGhlPeer } = await import('./ghl-peer.mjs');
  const ghl = await startE2eGhlPeer();
  const env = {
    DATABASE_URL: await ensureDatabase(E2E_DATABASE),
    REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/${E2E_REDIS_DB}`,
    LOG_LEVEL: 'warn',
    // The knowledge and demo browser tests serve practice websites on loopback (console/e2e/settings-knowledge.e2e.ts,
    // onboarding.e2e.ts): the gateway's Website URL rule and the crawlers accept those host:ports only.
    CRAWL_ALLOWED_HOSTS: `127.0.0.1:${E2E_SITE_PORT},127.0.0.1:${E2E_DEMO_SITE_PORT}`,
    // Where the browser reaches this stack: OAuth returns (the GoHighLevel peer's consent) come back here.
    PUBLIC_BASE_URL: `http://localhost:${E2E_GATEWAY_PORT}`,
    // Topics of its own: the seeded demo tenants' events never reach a developer's `npm start` on the same broker,
    // nor the integration tests' events this stack.
    KAFKA_TOPIC_PREFIX: 'e2e.',
    ...ghl.env(),
  };
  const { migrateAll } = await import('./migrate.mjs');
  const { seedAll } = await import('./seed.mjs');
  await migrateAll({ ...process.env, ...env });
  await seedAll({ ...process.env, ...env });
  await flushRedis(env.REDIS_URL); // no deny-list entries or login counters from an earlier run
  await consoleBuilt;

  const tiles = await startTileServer(E2E_TILE_SERVER_PORT);
  const stack = await startStack({
    gatewayPort: E2E_GATEWAY_PORT,
    env,
    logDir: join(ROOT, 'deploy', 'local', '.run', 'e2e-logs'),
    extra: [
      {
        name: 'gateway-tiles',
        service: 'gateway',
        port: E2E_TILES_GATEWAY_PORT,
        env: { MAP_TILES_URL: `http://127.0.0.1:${E2E_TILE_SERVER_PORT}/{z}/{x}/{y}.png` },
      },
    ],
  }).catch(async (error) => {
    await tiles.close();
    throw error;
  });
  const report = join(RESULTS, 'browser.json');
  try {
    const filters = process.argv[2] === 'browser' ? process.argv.slice(3) : [];
    await run('npx', ['playwright', 'test', '-c', 'console/e2e/playwright.config.ts', ...filters], {
      env: {
        ...process.env,
        E2E_BASE_URL: stack.url,
        E2E_JSON_REPORT: report,
        E2E_SITE_PORT: String(E2E_SITE_PORT),
        E2E_DEMO_SITE_PORT: String(E2E_DEMO_SITE_PORT),
        E2E_TILES_BASE_URL: `http://localhost:${E2E_TILES_GATEWAY_PORT}`,
        E2E_TILE_SERVER: `127.0.0.1:${E2E_TILE_SERVER_PORT}`,
        // The calendar's browser tests write what the API cannot make (external, pending appointments).
        E2E_DATABASE_URL: env.DATABASE_URL,
      },
    });
  } finally {
    await stack.stop();
    await tiles.close();
    await ghl.close();
    if (existsSync(report)) {
      const { stats } = JSON.parse(readFileSync(report, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
  }
}

/**
 * A map tile server on loopback: a plain square for every `/{z}/{x}/{y}.png` (an SVG: a browser draws an image by
 * its type, not its name), 404 for anything else.
 */
async function startTileServer(port) {
  const { createServer } = await import('node:http');
  const tile = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e8eef3"/></svg>',
  );
  const server = createServer((request, response) => {
    if (request.method === 'GET' && /^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/.test(request.url ?? '')) {
      response.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': tile.length });
      response.end(tile);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { close: () => new Promise((resolve) => server.close(resolve)) };
}

async function flushRedis(url) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();
}

main()
  .then(() => {
    console.log(`\nAll tests passed in ${elapsed(startedAt)}.`);
    console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  })
  .catch((error) => {
    console.error(`\n${error.message}`);
    console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed, ${totals.skipped} skipped`);
    process.exit(1);
  });
