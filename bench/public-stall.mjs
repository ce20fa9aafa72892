// `npm run bench:public-stall`: whether what a stranger posts to the public tracking ingress can slow what staff
// read. On the whole stack as `npm start` runs it, a signed-in user reads `GET /api/v1/people/stats` every 50 ms,
// first on an idle stack, then while a burst of website forms with long messages (by default the probe's: 12 forms
// of 5,000 characters each, 60 KB) is taken in and analysed, until every one of them has its reading. Prints the
// median, 95th percentile and maximum of the reads in each phase and their ratio. Needs `npm run build` and `npm run
// infra:up`. Options: --forms=12 --chars=5000 --rounds=3 (bursts, one after the other).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { dropDatabase, ensureDatabase, REDIS_URL } from '../deploy/local/infra.mjs';
import { startStack } from '../deploy/local/stack.mjs';
import { ROOT } from '../deploy/local/workspace.mjs';
import { BENCH_TOPIC_PREFIX } from './lib/built-service.mjs';
import { freshStackData } from './lib/stack-data.mjs';
import { numberOption } from './lib/support.mjs';

const FORMS = numberOption('forms', 12);
const CHARS = numberOption('chars', 5000);
const ROUNDS = numberOption('rounds', 3);
const PORT = 18580;
const DATABASE = 'pp_bench_stall';
const SAMPLE_EVERY_MS = 50;
const IDLE_SECONDS = 5;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) };
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function main() {
  await dropDatabase(DATABASE);
  const env = {
    DATABASE_URL: await ensureDatabase(DATABASE),
    REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/10`,
    LOG_LEVEL: 'warn',
    TRACKING_RATE_LIMIT_PER_IP: '0',
    TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
    KAFKA_TOPIC_PREFIX: `${BENCH_TOPIC_PREFIX}stall.`,
  };
  await freshStackData(env);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  // The demo user's first practice.
  const { rows } = await db.query(
    `SELECT "practice_id", "site_key" FROM "gateway"."practices" WHERE "name" = 'Glow Aesthetics'`,
  );
  const { practice_id: GLOW, site_key: siteKey } = rows[0];

  const stack = await startStack({
    gatewayPort: PORT,
    env,
    logDir: join(ROOT, 'deploy/local/.run/bench-logs'),
  });
  try {
    const login = await fetch(`${stack.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'demo@practicepilot.example', password: 'practicepilot' }),
    });
    const { access_token: token } = await login.json();
    if (!token) throw new Error(`sign-in answered ${login.status}`);
    const readStats = async () => {
      const started = performance.now();
      const response = await fetch(`${stack.url}/api/v1/people/stats?practice_id=${GLOW}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`stats answered ${response.status}`);
      return performance.now() - started;
    };
    /** Reads the stats every SAMPLE_EVERY_MS until `until()` says so; the read times. */
    const sample = async (until) => {
      const times = [];
      while (!(await until())) {
        times.push(await readStats());
        await sleep(SAMPLE_EVERY_MS);
      }
      return times;
    };
    const post = (events) =>
      fetch(`${stack.url}/api/v1/tracking/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ site_key: siteKey, events }),
      });
    const form = (run, i, message) => ({
      event_id: randomUUID(),
      type: 'form',
      visitor_id: randomUUID(),
      session_id: randomUUID(),
      url: 'https://www.glowaesthetics.example/contact',
      title: 'Contact',
      referrer: null,
      occurred_at: new Date().toISOString(),
      fields: { name: 'Probe Visitor', email: `stall-${run}-${i}@example.com`, message },
    });
    // The ingress knows the site key once it answers 202 (the read model reaches analytics through Kafka).
    for (let attempt = 0; ; attempt++) {
      const response = await post([form('warm', 0, 'Hello, how much is Botox?')]);
      if (response.status === 202) break;
      if (attempt > 600) throw new Error(`ingress answered ${response.status}`);
      await sleep(100);
    }
    for (let i = 0; i < 20; i++) await readStats(); // warm-up

    const idleUntil = Date.now() + IDLE_SECONDS * 1000;
    const idle = await sample(async () => Date.now() > idleUntil);
    const busy = [];
    const taken = [];
    for (let round = 0; round < ROUNDS; round++) {
      const run = randomUUID().slice(0, 8);
      // The probe's shape: one character repeated, so every pattern meets its longest run.
      const message = 'a'.repeat(CHARS);
      const started = Date.now();
      const accepted = await post(Array.from({ length: FORMS }, (_, i) => form(run, i, message)));
      if (accepted.status !== 202) throw new Error(`the burst was answered ${accepted.status}`);
      const read = async () => {
        const { rows: done } = await db.query(
          `SELECT count(*)::int AS "n" FROM "people"."persons" p
           WHERE p."practice_id" = $1 AND p."primary_email" LIKE $2
             AND p."current_outreach_state" ? 'ai_insights'`,
          [GLOW, `stall-${run}-%`],
        );
        return done[0].n >= FORMS;
      };
      busy.push(...(await sample(read)));
      taken.push((Date.now() - started) / 1000);
    }
    const quiet = summary(idle);
    const loaded = summary(busy);
    console.log(
      `${ROUNDS} bursts of ${FORMS} forms × ${CHARS} characters (${((FORMS * CHARS) / 1000).toFixed(0)} KB each), ` +
        `each taken in and read in ${taken.map((s) => `${s.toFixed(2)} s`).join(', ')}`,
    );
    console.log(
      `GET /api/v1/people/stats, idle:      ${quiet.n} reads, p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)}, max ${ms(quiet.max)}`,
    );
    console.log(
      `GET /api/v1/people/stats, the burst: ${loaded.n} reads, p50 ${ms(loaded.p50)}, p95 ${ms(loaded.p95)}, max ${ms(loaded.max)}`,
    );
    console.log(`p95 during the burst / idle: ${(loaded.p95 / quiet.p95).toFixed(2)}× (goal: under 200 ms)`);
  } finally {
    await db.end();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
