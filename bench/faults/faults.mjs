// `npm run test:faults`: the whole stack as `npm start` runs it (every service and worker, supervised by
// deploy/local/supervisor.mjs) on a PostgreSQL, a Redis and a Kafka broker of its own (instances.mjs), under a
// steady flow of pageviews, website forms, inbound SMS and sends (flow.mjs), while one fault at a time and then
// all together strike: the broker SIGKILLed and restarted, each process SIGKILLed mid-batch (its supervisor
// restarts it), PostgreSQL and Redis restarted, a second instance of each consumer joining and leaving its group.
// After each: counts from the databases (in, out, lost, duplicated), jobs left stuck, the console's WebSocket, and
// the time until everything accepted up to the repair was processed. Prints a table; exits 1 on a loss or a
// duplicate. `--faults=baseline,kafka,...` runs some of them (names in the table). See
// docs/decisions/0046-fault-suite.md and docs/RELIABILITY.md.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import WebSocket from 'ws';
import { ensureDatabase, TOPIC_PARTITIONS, TOPICS } from '../../deploy/local/infra.mjs';
import { migrateAll } from '../../deploy/local/migrate.mjs';
import { serviceEnv } from '../../deploy/local/secrets.mjs';
import { seedAll } from '../../deploy/local/seed.mjs';
import { stackProcesses, startStack } from '../../deploy/local/stack.mjs';
import { ROOT, serviceScript } from '../../deploy/local/workspace.mjs';
import { createFlow } from './flow.mjs';
import { ownKafka, ownPostgres, ownRedis, waitUntil } from './instances.mjs';
import { option } from '../lib/support.mjs';

const BASE_PORT = Number(option('port', 18780));
const PORTS = {
  gateway: BASE_PORT,
  extra: BASE_PORT + 10,
  postgres: Number(option('postgres-port', 55432)),
  redis: Number(option('redis-port', 56379)),
  kafka: Number(option('kafka-port', 59092)),
  controller: Number(option('kafka-controller-port', 59093)),
};
const TOPIC_PREFIX = 'faults.';
const DATABASE = 'pp_faults';
const LAKEVIEW = '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a03';
const STAFF = { username: 'other@practicepilot.example', password: 'practicepilot' };
const PUBLIC_BASE_URL = 'https://faults.practicepilot.example';
const TWILIO_AUTH_TOKEN = `faults${Math.random().toString(36).slice(2)}${Date.now()}`;
/** The flow runs this long before a fault and after its repair. */
const LEAD_IN_MS = Number(option('lead-in', 8)) * 1000;
const TAIL_MS = Number(option('tail', 12)) * 1000;
/** After the flow stops, how long the stack has to process everything accepted. */
const DRAIN_MS = Number(option('drain', 180)) * 1000;
/** A process's outage before a fault's repair (infrastructure only: processes are restarted by their supervisor). */
const OUTAGE_MS = 6000;
/** What the count reads: pageviews, forms (leads), inbound SMS (timeline), staff's and the engine's sends, and
 * calendar's directory of the leads. */
const KINDS = ['pageviews', 'forms', 'sms', 'staff', 'automatic', 'calendar'];
/** The processes that consume Kafka topics and run jobs: each is SIGKILLed in a fault of its own. */
const KILLED = ['people', 'analytics-worker', 'analytics', 'gateway', 'calendar', 'onboarding', 'knowledge'];
/**
 * The consumers whose group a second instance joins and leaves: the gateway's group is one per instance (each
 * pushes every lead event to its own sockets) and onboarding consumes no topic.
 */
const SCALED = [
  { name: 'people', service: 'people' },
  { name: 'analytics-worker', service: 'analytics', role: 'worker' },
  { name: 'calendar', service: 'calendar' },
  { name: 'knowledge', service: 'knowledge' },
];

const dir = mkdtempSync(join(tmpdir(), 'pp-faults-'));
const logDir = join(dir, 'logs');
const postgres = ownPostgres({ dir, port: PORTS.postgres });
const redis = ownRedis({ dir, port: PORTS.redis });
const kafka = ownKafka({ dir, port: PORTS.kafka, controllerPort: PORTS.controller });

/** Each supervised process's crashes, restarts and returns to readiness, as `npm start` prints them. */
const supervision = [];
const onSupervision = (event) => {
  supervision.push({ ...event, at: Date.now() });
  const detail =
    event.type === 'crashed' ? ` (${event.reason}, restart in ${event.restartInMs / 1000} s)` : '';
  console.log(`    [${event.name}] ${event.type}${detail}`);
};

async function main() {
  const only = option('faults', null)?.split(',');
  console.log(
    `fault suite: own PostgreSQL :${PORTS.postgres}, Redis :${PORTS.redis}, Kafka :${PORTS.kafka}; in ${dir}`,
  );
  await Promise.all([postgres.init(), redis.start(), kafka.init()]);
  await createTopics();
  const env = {
    DATABASE_URL: await ensureDatabase(DATABASE, postgres.url('postgres')),
    REDIS_URL: redis.url(0),
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC_PREFIX: TOPIC_PREFIX,
    LOG_LEVEL: 'warn',
    TRACKING_RATE_LIMIT_PER_IP: '0',
    TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
    // Inbound SMS are verified (X-Twilio-Signature over PUBLIC_BASE_URL); without an account SID every message
    // sent stays in the sandbox channel.
    TWILIO_AUTH_TOKEN,
    PUBLIC_BASE_URL,
  };
  await migrateAll({ ...process.env, ...env });
  await seedAll({ ...process.env, ...env });
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  db.on('error', () => {});
  const { rows } = await db.query(
    `SELECT p."site_key", n."phone_number" FROM "gateway"."practices" p
       JOIN "gateway"."virtual_numbers" n USING ("practice_id") WHERE p."practice_id" = $1`,
    [LAKEVIEW],
  );
  const stack = await startStack({ gatewayPort: PORTS.gateway, env, logDir, onSupervision });
  const session = staffSession(stack.url);
  const live = liveSocket(stack.url, session);
  const flow = createFlow({
    url: stack.url,
    siteKey: rows[0].site_key,
    practiceNumber: rows[0].phone_number,
    twilioAuthToken: TWILIO_AUTH_TOKEN,
    publicBaseUrl: PUBLIC_BASE_URL,
    token: session.token,
    db,
  });
  const results = [];
  try {
    // The practice's read models (site key, number, automation) reach analytics and people through Kafka.
    console.log('warming up: the ingress and people learn the practice');
    const warm = flow.start('warm-up');
    await sleep(10_000);
    await warm.stop();
    await drain(flow, db, warm, Date.now(), DRAIN_MS);

    const context = { stack, env, flow, db, live };
    for (const fault of FAULTS) {
      if (only && !only.includes(fault.name)) continue;
      const stopped = supervision.find((event) => event.type === 'gave-up');
      if (stopped) {
        results.push({ name: fault.name, notRun: `${stopped.name} was left stopped by its supervisor` });
        continue;
      }
      console.log(`\n${fault.name}: ${fault.what}`);
      try {
        results.push(await runFault(fault, context));
      } catch (error) {
        // The suite's own step failed (not the product): said in the table, and the next fault runs.
        console.log(`  the suite could not run it: ${error.message}`);
        results.push({ name: fault.name, notRun: `the suite failed: ${error.message}` });
      }
    }
  } finally {
    live.close();
    await stack.stop();
    await db.end();
    await Promise.allSettled([kafka.stop(), redis.stop(), postgres.stop()]);
  }
  printTable(results);
  const bad = results.filter((r) => !r.notRun && (r.lost > 0 || r.duplicated > 0 || r.stuck > 0));
  if (bad.length === 0 && !option('keep', false)) rmSync(dir, { recursive: true, force: true });
  else console.log(`logs kept in ${logDir}`);
  process.exit(bad.length ? 1 : 0);
}

/** The faults, in order: one at a time, then together. `inject` returns when the fault is repaired. */
const FAULTS = [
  { name: 'baseline', what: 'no fault', inject: async () => {} },
  {
    name: 'kafka',
    what: 'the broker SIGKILLed, restarted after 6 s',
    inject: async () => {
      await kafka.kill();
      await sleep(OUTAGE_MS);
      await kafka.start();
    },
  },
  ...KILLED.map((name) => ({
    name: `kill ${name}`,
    what: `${name} SIGKILLed mid-batch; its supervisor restarts it`,
    inject: async ({ stack }, traffic) => killProcess(stack, traffic, name),
  })),
  {
    name: 'redis',
    what: 'Redis SIGKILLed (no persistence, as the local stack runs it), restarted after 6 s',
    inject: async () => {
      await redis.kill();
      await sleep(OUTAGE_MS);
      await redis.start();
    },
  },
  {
    name: 'postgres',
    what: 'PostgreSQL stopped at once (immediate), restarted after 6 s',
    inject: async () => {
      await postgres.kill();
      await sleep(OUTAGE_MS);
      await postgres.start();
    },
  },
  {
    name: 'rebalance',
    what: `a second ${SCALED.map((s) => s.name).join(' and ')} join their groups, take work, and leave`,
    inject: async ({ stack, env }) => {
      // One after another: four services booting at once on two cores take minutes.
      const extra = [];
      for (const [i, process] of SCALED.entries()) extra.push(await startSecond(stack, env, process, i));
      await sleep(15_000);
      await Promise.all(extra.map((child) => child.leave()));
    },
  },
  {
    name: 'together',
    what: 'broker, Redis and PostgreSQL down, people and analytics-worker SIGKILLed, a second people joining',
    inject: async ({ stack, env }, traffic) => {
      const second = await startSecond(stack, env, SCALED[0], 0);
      traffic.burst();
      await sleep(300);
      // Watched from now (their crash is the first event); settled at once so that a late return is reported in
      // the row (process back in), not thrown while the infrastructure is still down.
      const killed = ['people', 'analytics-worker'].map((name) => waitBack(stack, name).catch(() => {}));
      for (const name of ['people', 'analytics-worker']) process.kill(stack.pids()[name], 'SIGKILL');
      await Promise.all([kafka.kill(), redis.kill(), postgres.kill()]);
      await sleep(OUTAGE_MS);
      await Promise.all([postgres.start(), redis.start(), kafka.start()]);
      await Promise.all(killed);
      await second.leave();
    },
  },
];

async function runFault(fault, { stack, env, flow, db, live }) {
  const crashesBefore = supervision.length;
  const traffic = flow.start(fault.name);
  await sleep(LEAD_IN_MS);
  const startedAt = Date.now();
  await fault.inject({ stack, env }, traffic);
  const repairedAt = Date.now();
  console.log(`    repaired after ${((repairedAt - startedAt) / 1000).toFixed(1)} s`);
  // Time to recover: from the fault until everything accepted up to its repair is stored or sent (watched
  // while the flow goes on).
  const recovering = drain(flow, db, traffic, repairedAt, TAIL_MS + DRAIN_MS);
  await sleep(TAIL_MS);
  await traffic.stop();
  const recovered = await recovering;
  const final = await drainAll(flow, db, traffic);
  const seenLive = await live.caughtUp(final.personIds, 30_000);
  const events = supervision.slice(crashesBefore);
  const restarts = events.filter((event) => event.type === 'crashed').length;
  // A crashed process's way back: from its first crash in the phase to its supervisor's next 'ready'.
  const backIn = [...new Set(events.filter((e) => e.type === 'crashed').map((e) => e.name))].map((name) => {
    const crashed = events.find((e) => e.name === name && e.type === 'crashed');
    const ready = events.findLast((e) => e.name === name && e.type === 'ready');
    return ready ? (ready.at - crashed.at) / 1000 : Infinity;
  });

  const sum = (key) => KINDS.reduce((n, kind) => n + final[kind][key], 0);
  const stuck = final.automatic.stuck + (await stuckWork(db, traffic));
  const row = {
    name: fault.name,
    in: sum('in'),
    out: sum('out'),
    lost: sum('lost'),
    duplicated: sum('duplicated'),
    recover: recovered ? (recovered - startedAt) / 1000 : null,
    stuck,
    restarts,
    backIn: backIn.length ? Math.max(...backIn) : null,
    refused:
      Object.entries(traffic.refused)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ') || 'none',
    detail: KINDS.map((kind) => `${kind} ${final[kind].out}/${final[kind].in}`).join(', '),
    live: `${seenLive.seen}/${seenLive.of}${seenLive.notes.length ? ` (${seenLive.notes.join(', ')})` : ''}`,
  };
  console.log(
    `  in ${row.in}, out ${row.out}, lost ${row.lost}, duplicated ${row.duplicated}, recovered in ` +
      `${row.recover === null ? 'NOT within the deadline' : `${row.recover.toFixed(1)} s`}; ${row.detail}; ` +
      `stuck ${stuck}, failed sends ${final.automatic.failed}, refused ${row.refused}, crashes ${restarts}, ` +
      `new leads over the WebSocket ${row.live}`,
  );
  return row;
}

/** Polls until every item accepted up to `until` is out; the moment it was, or null at the deadline. */
async function drain(flow, db, traffic, until, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  let said = Date.now();
  let counts = null;
  while (Date.now() < deadline) {
    counts = await flow.count(traffic, until).catch(() => null);
    if (counts) counts.stuck = await stuckWork(db, traffic).catch(() => 1);
    if (counts && complete(counts)) return Date.now();
    if (counts && Date.now() - said > 15_000) {
      said = Date.now();
      console.log(`    … waiting: ${waitingFor(counts)}`);
    }
    await sleep(500);
  }
  if (counts) console.log(`    still waiting at the deadline: ${waitingFor(counts)}`);
  return null;
}

/** Everything of the phase, once it is all out (or at the deadline): the final count. */
async function drainAll(flow, db, traffic) {
  await drain(flow, db, traffic, Infinity, DRAIN_MS);
  return flow.count(traffic);
}

const waitingFor = (counts) =>
  KINDS.filter((kind) => counts[kind].lost > 0)
    .map((kind) => `${kind} ${counts[kind].lost} of ${counts[kind].in}`)
    .concat(counts.automatic.stuck ? [`sends queued or sending ${counts.automatic.stuck}`] : [])
    .concat(counts.stuck ? [`forms or analyses not taken up ${counts.stuck}`] : [])
    .join(', ');

const complete = (counts) =>
  KINDS.every((kind) => counts[kind].lost === 0) && counts.automatic.stuck === 0 && counts.stuck === 0;

/** Forms kept but not taken in, analyses never run: work left behind. */
async function stuckWork(db, traffic) {
  const emails = traffic.items.forms.map((item) => item.id);
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM "people"."form_submissions"
              WHERE "fields"->>'email' = ANY($1::text[]) AND "status" = 'received')::int
          + (SELECT count(*) FROM "people"."engine_analyses" a JOIN "people"."persons" p USING ("person_id")
              WHERE p."primary_email" = ANY($1::text[]) AND a."status" = 'queued')::int AS n`,
    [emails],
  );
  return rows[0].n;
}

/** SIGKILLs one process of the stack right after a burst (mid-batch) and waits until its supervisor has it back. */
async function killProcess(stack, traffic, name) {
  const back = waitBack(stack, name);
  traffic.burst();
  await sleep(name === 'people' || name === 'analytics-worker' ? 400 : 100);
  process.kill(stack.pids()[name], 'SIGKILL');
  await back;
}

/** Resolves when `name` crashed and is ready again (the supervisor's 'ready'), within 180 s. */
function waitBack(stack, name) {
  const from = supervision.length;
  return waitUntil(
    async () => supervision.slice(from).some((event) => event.name === name && event.type === 'ready'),
    180_000,
    200,
  );
}

/**
 * A second instance of a consumer process, started as the stack starts its processes (deploy/local/stack.mjs),
 * on a port of its own: it joins the process's consumer groups; `leave()` stops it as Kubernetes scales down
 * (SIGTERM), so its partitions go back to the first.
 */
async function startSecond(stack, env, { name, service, role }, index) {
  const port = PORTS.extra + index;
  const urls = Object.fromEntries(
    stackProcesses()
      .filter((p) => p.name !== 'gateway' && p.name === p.service)
      .map((p) => [`${p.name.toUpperCase()}_URL`, `http://127.0.0.1:${stack.ports[p.name]}`]),
  );
  const log = createWriteStream(join(logDir, `${name}-2.log`), { flags: 'a' });
  const child = spawn('node', ['--enable-source-maps', serviceScript(service, 'main.js')], {
    cwd: ROOT,
    env: {
      ...(name === 'people' ? { DB_POOL_MAX: '16' } : {}),
      ...serviceEnv(service, process.env),
      HOST: '127.0.0.1',
      ...urls,
      ...env,
      ...(role ? { ROLE: role } : {}),
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  process.on('exit', () => child.kill('SIGKILL'));
  await waitUntil(
    () =>
      fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      ),
    240_000,
  ).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  console.log(`    [${name}-2] joined (pid ${child.pid})`);
  return {
    async leave() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      console.log(`    [${name}-2] left`);
    },
  };
}

async function createTopics() {
  const admin = new Kafka({ brokers: [kafka.brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await admin.createTopics({
      topics: TOPICS.map((topic) => ({ topic: `${TOPIC_PREFIX}${topic}`, numPartitions: TOPIC_PARTITIONS })),
      waitForLeaders: true,
    });
  } finally {
    await admin.disconnect();
  }
}

/** Staff's access token (signed in again when Redis lost the session or the token aged). */
function staffSession(url) {
  let token = null;
  let at = 0;
  const signIn = async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const response = await fetch(`${url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(STAFF).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return (await response.json()).access_token;
      } catch {
        // the gateway or its database is away: try again
      }
      await sleep(1000);
    }
    throw new Error('could not sign in');
  };
  return {
    async token() {
      if (!token || Date.now() - at > 60_000) {
        token = await signIn();
        at = Date.now();
      }
      return token;
    },
    forget() {
      token = null;
    },
  };
}

/**
 * The console's live WebSocket for the practice, with the console's retries (docs/product/live-connection.md):
 * 500 ms doubling to 8 s, at most 5 attempts, counted again once a connection stayed open 10 s; after that the
 * console says 'Max reconnection attempts reached' and waits for its tab to become visible again (here: 60 s
 * later). A 4001 sends the console to the sign-in page (here: signed in again). Remembers every lead it was told
 * of, and what happened to the connection since `since()`.
 */
function liveSocket(url, session) {
  const seen = new Set();
  let socket = null;
  let closed = false;
  let attempts = 0;
  let openedAt = 0;
  let happened = [];
  const connect = async () => {
    if (closed) return;
    const token = await session.token().catch(() => null);
    if (!token) return void setTimeout(connect, 1000);
    socket = new WebSocket(`${url.replace('http', 'ws')}/api/v1/practices/${LAKEVIEW}/events?token=${token}`);
    socket.on('open', () => (openedAt = Date.now()));
    socket.on('message', (data) => {
      try {
        const message = JSON.parse(data.toString());
        if (message.person_id) seen.add(message.person_id);
      } catch {
        // pong
      }
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      if (closed) return;
      if (openedAt && Date.now() - openedAt >= 10_000) attempts = 0;
      openedAt = 0;
      if (code === 4001) {
        happened.push('signed out (4001)');
        session.forget();
        attempts = 0;
        return void setTimeout(connect, 1000);
      }
      attempts++;
      if (attempts > 5) {
        happened.push('max reconnection attempts reached');
        attempts = 0;
        return void setTimeout(connect, 60_000);
      }
      setTimeout(connect, Math.min(500 * 2 ** (attempts - 1), 8000));
    });
  };
  void connect();
  return {
    /** How many of these leads the socket heard of; waits up to `ms` for the last ones. */
    async caughtUp(personIds, ms) {
      const until = Date.now() + ms;
      while (Date.now() < until && !personIds.every((id) => seen.has(id))) await sleep(500);
      const notes = [...new Set(happened)];
      happened = [];
      return { seen: personIds.filter((id) => seen.has(id)).length, of: personIds.length, notes };
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}

function printTable(results) {
  const header = [
    'fault',
    'events in',
    'events out',
    'lost',
    'duplicated',
    'time to recover',
    'process back in',
    'refused (sender retried past)',
    'console (WebSocket)',
  ];
  const lines = results.map((r) =>
    r.notRun
      ? [r.name, '', '', '', '', `not run: ${r.notRun}`, '', '', '']
      : [
          r.name,
          String(r.in),
          String(r.out),
          String(r.lost),
          String(r.duplicated),
          r.recover === null ? `not within ${DRAIN_MS / 1000} s` : `${r.recover.toFixed(1)} s`,
          r.backIn === null ? '' : Number.isFinite(r.backIn) ? `${r.backIn.toFixed(1)} s` : 'NOT back',
          r.refused,
          `${r.live} leads`,
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${format(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const line of lines) console.log(format(line));
  console.log('');
  for (const r of results.filter((result) => !result.notRun))
    console.log(
      `${r.name}: ${r.detail}; stuck ${r.stuck}; refused ${r.refused}; crashes ${r.restarts}; ` +
        `new leads over the WebSocket ${r.live}`,
    );
}

process.on('SIGINT', () => {
  void Promise.allSettled([kafka.stop(), redis.stop(), postgres.stop()]).then(() => process.exit(130));
});

main().catch(async (error) => {
  console.error(error);
  await Promise.allSettled([kafka.stop(), redis.stop(), postgres.stop()]);
  console.log(`logs kept in ${logDir}`);
  process.exit(1);
});
