// `npm test`: every test. Type-checks, lints and format-checks, runs the unit tests, brings the
// infrastructure up (stopping at the end what it started), then runs the integration tests against real
// PostgreSQL, Redis and Kafka. Exits non-zero on any failure and closes with 'N passed, N failed'.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, elapsed, ensureInstalled, ROOT, run } from './workspace.mjs';

const startedAt = Date.now();
const RESULTS = join(ROOT, 'deploy', 'local', '.run', 'test-results');
const KAFKA_PID = join(ROOT, 'deploy', 'local', '.run', 'kafka.pid');
const totals = { passed: 0, failed: 0, skipped: 0 };

async function step(title, fn) {
  const since = Date.now();
  console.log(`\n=== ${title}`);
  await fn();
  console.log(`=== ${title}: done in ${elapsed(since)}`);
}

async function jest(project, extra = []) {
  const output = join(RESULTS, `${project}.json`);
  try {
    await run('npx', ['jest', '--selectProjects', project, '--json', '--outputFile', output, ...extra], {
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
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

/** The rule of usesContainers() in libs/testing/jest/containers.ts (this script runs before anything is built). */
function usesContainers() {
  const docker = !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  return docker && !process.env.DATABASE_URL && !process.env.REDIS_URL && !process.env.KAFKA_BROKERS;
}

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  await step('install', ensureInstalled);
  await step('type-check', async () => {
    await build();
    await run('npx', ['tsc', '-p', 'tsconfig.spec.json']);
  });
  await step('lint and format', async () => {
    await run('npx', ['eslint', '.', '--max-warnings=0']);
    await run('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  });
  await step('unit tests', () => jest('unit'));
  const { up, down } = await import('./infra.mjs');
  const kafkaWasOurs = existsSync(KAFKA_PID);
  if (usesContainers())
    console.log('\nDocker engine found and no *_URL set: testcontainers provides the infrastructure.');
  else await step('infrastructure (Kafka, PostgreSQL, Redis)', up);
  const startedKafka = !kafkaWasOurs && existsSync(KAFKA_PID);
  try {
    await step('integration tests (real PostgreSQL, Redis, Kafka)', () =>
      jest('integration', ['--maxWorkers=2']),
    );
  } finally {
    if (startedKafka) await down();
  }
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
