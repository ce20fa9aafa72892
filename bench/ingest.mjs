// `npm run bench:ingest`: events per second accepted by the public tracking ingress (POST /api/v1/tracking/events
// to analytics, answered 202 only once Kafka acknowledged with acks=all) against a naive
// endpoint doing one INSERT per event into PostgreSQL, measured in the same run; p99 accept latency; and
// event-to-queryable freshness (a pageview's 202 until its row exists in analytics.pageviews, which is what
// GET /api/v1/analytics/realtime/pageviews reads).
//
//   node bench/ingest.mjs [--batches=1,3,50] [--seconds=15] [--concurrency=16] [--rate=5000] [--rate-batch=3]
//                         [--port=18580] [--cpu-prof=DIR] [--one-process]
//
// 1. Recreates the database pp_bench_ingest (the server of BENCH_DATABASE_URL, else DATABASE_URL), applies the
//    gateway's and analytics' migrations, gives analytics a random practice with a random site key (written to its
//    practice read model directly: no practice.changes event, so nothing reaches the live stack's services),
//    flushes Redis db 10 and moves the analytics consumer group of this database to the end of its topics.
// 2. Starts the built analytics service as `npm start` and the deployments run it, the ingress (ROLE=api) and
//    the pageview consumer (ROLE=worker) in two processes (--one-process: one, ROLE=all; tracking rate limits
//    off), and the built gateway in front of it, on ports of their own, and the naive endpoint
//    (bench/lib/naive-ingest.mjs) on the same database. The live stack on :8080 is not touched: the services
//    use the benchmarks' own topics (KAFKA_TOPIC_PREFIX `bench.`).
// 3. For each batch size, one after the other, each for --seconds with --concurrency requests in flight (closed
//    loop, keep-alive): the ingress as production runs it (the edge routes the path straight to analytics' api
//    process: deploy/k8s/base/ingress.yaml, ADR 0033), the same through the gateway's forward (the local stack
//    and docker-compose, one door), and the naive endpoint: events/s, requests/s, p50/p99 accept latency, and
//    the ratio (the edge's; the gateway's beside it); then a bare node:http endpoint that only parses the body
//    and answers 202 (bench/lib/bare-endpoint.mjs): the ceiling of any endpoint on this machine. Events are what
//    the website script sends, as it sends them (text/plain JSON): pageviews, their heartbeats and pageleaves,
//    in batches of the given size (the script sends what is queued at the same moment, at most 50 a request).
//    --cpu-prof[=DIR] writes a V8 CPU profile of each service process into DIR (default: the temp directory)
//    when it stops (`node --cpu-prof`; open in Chrome DevTools or speedscope).
// 4. Latency at a fixed rate: --rate events/s in batches of --rate-batch (open loop, each request timed from when
//    it was due, so a stall counts), for --seconds.
// 5. Freshness: one pageview in 20 requests of every ingress run is followed from its 202 until its row exists
//    (polled every 25 ms while the run goes on); at the end every accepted pageview must be in analytics.pageviews
//    exactly once.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { dropDatabase, ensureDatabase, KAFKA_BROKERS, REDIS_URL } from '../deploy/local/infra.mjs';
import { serviceEnv } from '../deploy/local/secrets.mjs';
import { cpuBetween, readCpu } from './cpu.mjs';
import { skipAnalyticsBacklog } from './lib/analytics-group.mjs';
import { BENCH_TOPIC_PREFIX } from './lib/built-service.mjs';
import { quantile } from './lib/measure.mjs';
import { runScript } from './lib/support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
const { v5: uuidv5 } = require('uuid');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const DATABASE = 'pp_bench_ingest';
const BATCHES = String(args.batches ?? '1,3,50')
  .split(',')
  .map(Number);
const SECONDS = Number(args.seconds ?? 15);
const CONCURRENCY = Number(args.concurrency ?? 16);
const RATE = Number(args.rate ?? 5000);
const RATE_BATCH = Number(args['rate-batch'] ?? 3);
const PORT = Number(args.port ?? 18580);
const PORTS = {
  gateway: PORT,
  analytics: PORT + 1,
  naive: PORT + 2,
  analyticsWorker: PORT + 3,
  bare: PORT + 4,
};
const ONE_PROCESS = Boolean(args['one-process']);
const SAMPLE_EVERY = 20;
const MAX_PENDING = 512;
const GOALS = { ratio: 10, eventsPerSecond: 5000, p99: 50 };
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE = 'https://www.bench-ingest.example';
const PAGES = [
  ['/', 'Home'],
  ['/botox', 'Botox'],
  ['/fillers', 'Dermal fillers'],
  ['/pricing', 'Pricing'],
  ['/about', 'About us'],
  ['/contact', 'Contact'],
  ['/blog/lip-filler-aftercare', 'Lip filler aftercare'],
];
const REFERRERS = [null, 'https://www.google.com/', 'https://l.facebook.com/', 'https://www.bing.com/'];

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const int = (value) => Math.round(value).toLocaleString('en-US');

// --- processes ---------------------------------------------------------------------------------------------

const children = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** `node --cpu-prof` for the services when --cpu-prof=DIR is given: where their CPU goes, by function. */
const PROFILE = args['cpu-prof']
  ? [
      '--cpu-prof',
      `--cpu-prof-dir=${args['cpu-prof'] === true ? join(tmpdir(), 'pp-bench-ingest-profiles') : args['cpu-prof']}`,
    ]
  : [];

function startProcess(name, args, env) {
  const child = spawn('node', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}):\n${output.join('').slice(-3000)}`);
      process.exit(1);
    }
  });
  return child;
}
let stopping = false;

async function waitFor(url, name) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${name} was not ready in 120 s`);
}

// --- events ------------------------------------------------------------------------------------------------

/**
 * A stream of what the website script sends for many visitors: a pageview, then a heartbeat and a pageleave
 * timing it (with its pageview_id and duration), then the visitor's next page; 1,000 visitors at a time.
 */
function eventSource() {
  const visitors = Array.from({ length: 1000 }, (_, i) => ({
    visitor_id: randomUUID(),
    session_id: randomUUID(),
    referrer: REFERRERS[i % REFERRERS.length],
    page: i % PAGES.length,
    step: 0,
    pageview: null,
  }));
  let turn = 0;
  return () => {
    const visitor = visitors[turn++ % visitors.length];
    const now = new Date().toISOString();
    const [path, title] = PAGES[visitor.page % PAGES.length];
    const base = {
      event_id: randomUUID(),
      visitor_id: visitor.visitor_id,
      session_id: visitor.session_id,
      url: `${SITE}${path}${visitor.step === 0 && visitor.referrer?.includes('google') ? '?utm_source=google&utm_medium=cpc&gclid=x1' : ''}`,
      title,
      occurred_at: now,
    };
    const step = visitor.step++ % 3;
    if (step === 0) {
      visitor.pageview = base.event_id;
      return { ...base, type: 'pageview', referrer: visitor.page === 0 ? visitor.referrer : `${SITE}/` };
    }
    if (step === 1)
      return {
        ...base,
        type: 'heartbeat',
        referrer: null,
        pageview_id: visitor.pageview,
        duration_seconds: 15,
      };
    visitor.page++;
    return {
      ...base,
      type: 'pageleave',
      referrer: null,
      pageview_id: visitor.pageview,
      duration_seconds: 31,
    };
  };
}

// --- HTTP --------------------------------------------------------------------------------------------------

function post(agent, port, body) {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/tracking/events',
        // What the website script sends: JSON as text/plain (no CORS preflight).
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
          origin: SITE,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * Closed loop: `concurrency` requests in flight for `seconds`, each a batch of `size` events. Returns events/s,
 * requests/s, latencies, failures and the sampled pageviews (tracking id, accepted at).
 */
async function closedLoop({ port, siteKey, size, seconds, concurrency, sample, onSample }) {
  const next = eventSource();
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const samples = [];
  let events = 0;
  let failures = 0;
  let requests = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const batch = Array.from({ length: size }, next);
        const body = JSON.stringify({ site_key: siteKey, events: batch });
        const sent = performance.now();
        const status = await post(agent, port, body);
        const done = performance.now();
        if (status !== 202) {
          failures++;
          if (failures > 100) throw new Error(`port ${port}: ${failures} requests refused (last ${status})`);
          continue;
        }
        latencies.push(done - sent);
        events += size;
        if (sample && requests % SAMPLE_EVERY === 0) {
          const view = batch.find((event) => event.type === 'pageview');
          if (view) {
            const taken = { id: view.event_id, acceptedAt: Date.now() };
            samples.push(taken);
            onSample?.(taken);
          }
        }
        requests++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: events / elapsed,
    requestsPerSecond: requests / elapsed,
    requests,
    events,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failures,
    samples,
  };
}

/** Open loop: `rate` events/s in batches of `size`, each request timed from when it was due. */
async function openLoop({ port, siteKey, size, seconds, rate, sample, onSample }) {
  const next = eventSource();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const interval = (1000 * size) / rate;
  const total = Math.floor((seconds * rate) / size);
  const latencies = [];
  const samples = [];
  const inFlight = [];
  let failures = 0;
  let pending = 0;
  let skipped = 0;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // Bounded: past MAX_PENDING requests waiting, the endpoint is not keeping up and the request is not sent.
    if (pending >= MAX_PENDING) {
      skipped++;
      continue;
    }
    const batch = Array.from({ length: size }, next);
    const body = JSON.stringify({ site_key: siteKey, events: batch });
    pending++;
    inFlight.push(
      post(agent, port, body).then((status) => {
        pending--;
        if (status !== 202) return void failures++;
        latencies.push(performance.now() - due);
        if (sample && i % SAMPLE_EVERY === 0) {
          const view = batch.find((event) => event.type === 'pageview');
          if (view) {
            const taken = { id: view.event_id, acceptedAt: Date.now() };
            samples.push(taken);
            onSample?.(taken);
          }
        }
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    eventsPerSecond: (latencies.length * size) / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failures,
    skipped: skipped * size,
    samples,
  };
}

// --- CPU a request ----------------------------------------------------------------------------------------

/** The services' processes (their CPU a request is reported; infrastructure is shared with other stacks). */
const SERVICE_PIDS = { gateway: true, analytics: true, 'analytics-worker': true, naive: true, bare: true };

/** CPU seconds per wall second of each process between two readings. */
function perSecond(before, after, seconds) {
  return Object.fromEntries(
    Object.keys(after).map((name) => [name, (after[name] - (before[name] ?? 0)) / seconds]),
  );
}

/** "analytics 0.41 ms, gateway 0.30 ms": each service's CPU between the readings less its idle rate, a request. */
function busyPerRequest(before, after, idlePerSecond, seconds, requests) {
  return Object.keys(SERVICE_PIDS)
    .filter((name) => name in after)
    .map((name) => {
      const busy = after[name] - (before[name] ?? 0) - (idlePerSecond[name] ?? 0) * seconds;
      return [name, Math.max(0, busy)];
    })
    .filter(([, busy]) => busy > 0.05)
    .map(([name, busy]) => `${name} ${((busy * 1000) / requests).toFixed(2)} ms`)
    .join(', ');
}

// --- freshness ---------------------------------------------------------------------------------------------

/**
 * Follows sampled pageviews while they are being sent: polls analytics.pageviews every `pollMs` for those not
 * seen yet, so each delay runs from the sample's 202 to the first poll that finds its row. (Until 2026-11-24 the
 * polling began only after a run had ended, so each delay included the rest of the run: 0 to --seconds more.)
 * `finish` waits up to `timeoutMs` for the rest and resolves with the delays in ms.
 */
function follower(db, practiceId, { pollMs = 25 } = {}) {
  const waiting = new Map();
  const delays = [];
  let finishing = false;
  let deadline = Infinity;
  const loop = (async () => {
    while (!finishing || (waiting.size > 0 && Date.now() < deadline)) {
      if (waiting.size > 0) {
        const { rows } = await db.query(
          `SELECT "event_id" FROM "analytics"."pageviews" WHERE "event_id" = ANY($1)`,
          [[...waiting.keys()]],
        );
        const seen = Date.now();
        for (const row of rows) {
          delays.push(seen - waiting.get(row.event_id).acceptedAt);
          waiting.delete(row.event_id);
        }
      }
      await sleep(pollMs);
    }
  })();
  return {
    add: (sample) => void waiting.set(uuidv5(sample.id, practiceId), sample),
    async finish(timeoutMs = 60_000) {
      finishing = true;
      deadline = Date.now() + timeoutMs;
      await loop;
      delays.sort((x, y) => x - y);
      return { delays, missing: waiting.size };
    },
  };
}

const freshnessText = ({ delays, missing }) =>
  delays.length === 0
    ? 'no sample'
    : `p50 ${int(quantile(delays, 0.5))} ms, p99 ${int(quantile(delays, 0.99))} ms, max ${int(delays.at(-1))} ms ` +
      `(${delays.length} pageviews${missing ? `, ${missing} NOT FOUND` : ''})`;

// --- main --------------------------------------------------------------------------------------------------

async function main() {
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; load average ${load()}`,
  );
  await dropDatabase(DATABASE);
  const databaseUrl = await ensureDatabase(DATABASE);
  const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/10`;
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  const common = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    // The benchmarks' own topics: the burst never reaches the developer's `npm start` on the same broker.
    KAFKA_TOPIC_PREFIX: BENCH_TOPIC_PREFIX,
  };
  for (const name of ['gateway', 'analytics'])
    await runScript(ROOT, `services/${name}/dist/database/migrate.js`, serviceEnv(name, common));
  await skipAnalyticsBacklog(ROOT, databaseUrl, KAFKA_BROKERS);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const practiceId = randomUUID();
  const siteKey = `site_bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await db.query(
    `INSERT INTO "analytics"."practices" ("practice_id", "name", "website_url", "changed_at", "site_key")
     VALUES ($1, 'Bench Ingest Practice', $2, now(), $3)`,
    [practiceId, SITE, siteKey],
  );
  await db.query(
    `INSERT INTO "analytics"."locations" ("location_id", "practice_id", "name", "timezone", "is_primary",
       "is_active", "changed_at") VALUES ($1, $2, 'Main', 'America/New_York', true, true, now())`,
    [randomUUID(), practiceId],
  );

  // Other services' addresses point at a closed port: the bench's gateway never reaches the live stack.
  const closed = 'http://127.0.0.1:9';
  const analyticsEnv = {
    ...serviceEnv('analytics', common),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TRACKING_RATE_LIMIT_PER_IP: '0',
    TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
  };
  // As deployed: the ingress (ROLE=api, HTTP only) and the consumer (ROLE=worker) in processes of their own;
  // --one-process runs both in one (ROLE=all).
  const analytics = startProcess('analytics', [...PROFILE, join(ROOT, 'services/analytics/dist/main.js')], {
    ...analyticsEnv,
    PORT: String(PORTS.analytics),
    ROLE: ONE_PROCESS ? 'all' : 'api',
  });
  const analyticsWorker = ONE_PROCESS
    ? null
    : startProcess('analytics-worker', [...PROFILE, join(ROOT, 'services/analytics/dist/main.js')], {
        ...analyticsEnv,
        PORT: String(PORTS.analyticsWorker),
        ROLE: 'worker',
      });
  const gateway = startProcess('gateway', [...PROFILE, join(ROOT, 'services/gateway/dist/main.js')], {
    ...serviceEnv('gateway', common),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORTS.gateway),
    ANALYTICS_URL: `http://127.0.0.1:${PORTS.analytics}`,
    PEOPLE_URL: closed,
    CALENDAR_URL: closed,
    ONBOARDING_URL: closed,
    KNOWLEDGE_URL: closed,
  });
  const naive = startProcess(
    'naive',
    [join(ROOT, 'bench/lib/naive-ingest.mjs'), String(PORTS.naive), databaseUrl],
    {
      ...process.env,
      NODE_ENV: 'production',
    },
  );
  const bare = startProcess('bare', [join(ROOT, 'bench/lib/bare-endpoint.mjs'), String(PORTS.bare)], {
    ...process.env,
    NODE_ENV: 'production',
  });
  await waitFor(`http://127.0.0.1:${PORTS.analytics}/health/ready`, 'analytics');
  if (analyticsWorker)
    await waitFor(`http://127.0.0.1:${PORTS.analyticsWorker}/health/ready`, 'analytics worker');
  await waitFor(`http://127.0.0.1:${PORTS.gateway}/health/live`, 'gateway');
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORTS.naive}/`).then(
      (r) => r.status === 404,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  const pids = () => ({
    gateway: gateway.pid,
    analytics: analytics.pid,
    ...(analyticsWorker ? { 'analytics-worker': analyticsWorker.pid } : {}),
    naive: naive.pid,
    bare: bare.pid,
    bench: process.pid,
  });
  const targets = {
    ingress: {
      port: PORTS.analytics,
      label: 'ingress (the edge → analytics → Kafka acks=all, as deploy/k8s routes it)',
    },
    gateway: { port: PORTS.gateway, label: 'ingress through the gateway (local stack, docker-compose)' },
    naive: { port: PORTS.naive, label: 'naive (one INSERT per event)' },
    bare: { port: PORTS.bare, label: 'bare node:http, parse and answer 202 (the ceiling)' },
  };

  // Warm-up: JIT, pools, the Kafka producer's connection, the consumer's first fetch.
  for (const target of ['ingress', 'gateway', 'naive'])
    await closedLoop({ port: targets[target].port, siteKey, size: 3, seconds: 3, concurrency: CONCURRENCY });
  // What each process spends doing nothing (timers, Kafka heartbeats and fetches, pools): subtracted below to
  // give the CPU a request costs, which otherwise depends on how long a loaded machine stretches a run.
  await sleep(3000); // the consumer applies what the warm-up sent
  const idleFrom = { cpu: readCpu(pids()), at: performance.now() };
  await sleep(5000);
  const idlePerSecond = perSecond(idleFrom.cpu, readCpu(pids()), (performance.now() - idleFrom.at) / 1000);
  console.log(
    `stack ready (practice ${practiceId}); load average ${load()}; idle CPU: ${Object.entries(idlePerSecond)
      .filter(([name]) => name in SERVICE_PIDS)
      .map(([name, seconds]) => `${name} ${Math.round(seconds * 1000)} ms/s`)
      .join(', ')}\n`,
  );

  const accepted = new Set();
  const results = [];
  const allSamples = [];
  try {
    for (const size of BATCHES) {
      const order = ['ingress', 'gateway', 'naive', 'bare'];
      const row = { size };
      for (const name of order) {
        const fresh = name === 'ingress' || name === 'gateway' ? follower(db, practiceId) : null;
        const cpuBefore = readCpu(pids());
        const startedAt = performance.now();
        const loadBefore = loadavg()[0];
        const result = await closedLoop({
          port: targets[name].port,
          siteKey,
          size,
          seconds: SECONDS,
          concurrency: CONCURRENCY,
          sample: name === 'ingress' || name === 'gateway',
          onSample: fresh?.add,
        });
        const cpuAfter = readCpu(pids());
        const cpu = cpuBetween(cpuBefore, cpuAfter, result.events / 1000, '1k events');
        const perRequest = busyPerRequest(
          cpuBefore,
          cpuAfter,
          idlePerSecond,
          (performance.now() - startedAt) / 1000,
          result.requests,
        );
        row[name] = result;
        if (result.samples.length) allSamples.push(...result.samples);
        for (const s of result.samples) accepted.add(s.id);
        console.log(
          `batch ${size}, ${targets[name].label}: ${int(result.eventsPerSecond)} events/s ` +
            `(${int(result.requestsPerSecond)} requests/s), latency p50 ${fmt(result.p50)} ms p99 ${fmt(result.p99)} ms` +
            `${result.failures ? `, ${result.failures} refused` : ''}; load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}` +
            `\n    CPU: ${cpu}` +
            `\n    CPU a request, idle subtracted: ${perRequest}`,
        );
        if (fresh) {
          row[`${name}Freshness`] = await fresh.finish();
          console.log(
            `    freshness (202 → row in analytics.pageviews): ${freshnessText(row[`${name}Freshness`])}`,
          );
        }
      }
      row.ratio = row.ingress.eventsPerSecond / row.naive.eventsPerSecond;
      row.gatewayRatio = row.gateway.eventsPerSecond / row.naive.eventsPerSecond;
      // The most any endpoint could do here, against the naive endpoint: the ratio no ingress can pass.
      row.ceilingRatio = row.bare.eventsPerSecond / row.naive.eventsPerSecond;
      console.log(
        `  batch ${size}: ingress / naive = ${fmt(row.ratio)}× (through the gateway ${fmt(row.gatewayRatio)}×; ` +
          `the bare endpoint, the ceiling: ${fmt(row.ceilingRatio)}×)\n`,
      );
      results.push(row);
    }

    // Latency at a fixed rate (the goal's 5,000 events/s), open loop.
    const paced = {};
    for (const name of ['ingress', 'gateway', 'naive']) {
      const loadBefore = loadavg()[0];
      const freshness = name !== 'naive' ? follower(db, practiceId) : null;
      const result = await openLoop({
        port: targets[name].port,
        siteKey,
        size: RATE_BATCH,
        seconds: SECONDS,
        rate: RATE,
        sample: name !== 'naive',
        onSample: freshness?.add,
      });
      paced[name] = result;
      console.log(
        `${int(RATE)} events/s offered in batches of ${RATE_BATCH}, ${targets[name].label}: ${int(result.eventsPerSecond)} ` +
          `events/s done, latency from when due p50 ${fmt(result.p50)} ms p99 ${fmt(result.p99)} ms` +
          `${result.failures ? `, ${result.failures} refused` : ''}` +
          `${result.skipped ? `, ${int(result.skipped)} events not sent (${MAX_PENDING} requests already waiting)` : ''}` +
          `; load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}`,
      );
      if (freshness) {
        paced[`${name}Freshness`] = await freshness.finish();
        console.log(`    freshness: ${freshnessText(paced[`${name}Freshness`])}`);
      }
    }

    // Freshness on a quiet stack: single pageviews, 10 a second.
    const quiet = follower(db, practiceId, { pollMs: 5 });
    const next = eventSource();
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    for (let i = 0; i < 50; i++) {
      let event = next();
      while (event.type !== 'pageview') event = next();
      const status = await post(
        agent,
        PORTS.analytics,
        JSON.stringify({ site_key: siteKey, events: [event] }),
      );
      if (status === 202) quiet.add({ id: event.event_id, acceptedAt: Date.now() });
      await sleep(100);
    }
    agent.destroy();
    const quietFreshness = await quiet.finish();
    console.log(
      `freshness on a quiet stack (single pageviews, 10/s, polled every 5 ms): ${freshnessText(quietFreshness)}`,
    );

    // Exactly once: every pageview the ingress accepted is one row (ids are unique per run).
    const started = Date.now();
    let previous = -1;
    let kept = 0;
    for (;;) {
      kept = Number(
        (
          await db.query(`SELECT count(*) AS n FROM "analytics"."pageviews" WHERE "practice_id" = $1`, [
            practiceId,
          ])
        ).rows[0].n,
      );
      if (kept === previous || Date.now() - started > 300_000) break;
      previous = kept;
      await sleep(3000);
    }
    const duplicates = Number(
      (
        await db.query(
          `SELECT count(*) - count(DISTINCT "tracking_event_id") AS n FROM "analytics"."pageviews" WHERE "practice_id" = $1`,
          [practiceId],
        )
      ).rows[0].n,
    );
    console.log(`pageviews kept for the practice: ${int(kept)} (duplicates: ${duplicates})`);

    console.log(
      `\nSummary (machine ${cpus().length} cores, load average at the end ${load()}; ${CONCURRENCY} requests in flight, ` +
        `${SECONDS} s a run; goals: ≥ ${GOALS.ratio}× naive, ≥ ${int(GOALS.eventsPerSecond)} events/s, p99 < ${GOALS.p99} ms)`,
    );
    const freshnessCell = (f) =>
      f?.delays.length ? `${int(quantile(f.delays, 0.5))} / ${int(quantile(f.delays, 0.99))} ms` : '-';
    const cells = (result) => `${int(result.eventsPerSecond)} | ${fmt(result.p50)} / ${fmt(result.p99)}`;
    console.log(
      '| events a request | ingress (edge) events/s | p50 / p99 ms | through the gateway events/s | p50 / p99 ms | ' +
        'naive events/s | p50 / p99 ms | ratio (edge / naive) | freshness p50 / p99 | bare node:http events/s (ceiling / naive) |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of results)
      console.log(
        `| ${row.size} | ${cells(row.ingress)} | ${cells(row.gateway)} | ${cells(row.naive)} | ` +
          `${fmt(row.ratio)}× (gateway ${fmt(row.gatewayRatio)}×) | ${freshnessCell(row.ingressFreshness)} | ` +
          `${int(row.bare.eventsPerSecond)} (${fmt(row.ceilingRatio)}×) |`,
      );
    console.log(
      `| paced ${int(RATE)}/s, batches of ${RATE_BATCH} | ${cells(paced.ingress)} | ${cells(paced.gateway)} | ` +
        `${cells(paced.naive)} | | ${freshnessCell(paced.ingressFreshness)} | |`,
    );
  } finally {
    stopping = true;
    // A clean stop: analytics leaves its consumer group (else the next run's consumer waits for its session).
    await Promise.all(
      [gateway, analytics, analyticsWorker, naive, bare].filter(Boolean).map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(resolve, 15_000).unref();
          }),
      ),
    );
    await db.end();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
