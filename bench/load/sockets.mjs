// `npm run bench:load`: many live connections on one gateway process receiving lead events (issue 30, item 4).
// Starts the whole stack from its builds on a database, Redis db and topic prefix of its own, signs the demo users
// in, opens --sockets live connections (`/api/v1/practices/{id}/events`) from --clients child processes, each on
// its own loopback address, spread evenly over the three demo practices (demo@ sees Glow Aesthetics and Northside
// Dental, other@ Lakeview Plastic Surgery), and then edits one lead a time (PATCH /api/v1/people/{id}, a
// staff inline edit: one `lead_updated` each) at --rate a second for --seconds. Prints how many sockets received
// each event (all of its practice's, none of another's), p50/p95/max delivery latency from the event's own
// timestamp (set in people's transaction) and from its Kafka record, the gateway's memory per socket (RSS before
// and after connecting) and its CPU. Needs `npm run build` and `npm run infra:up`. See bench/README.md.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { WebSocket } from 'ws';
import { dropDatabase, ensureDatabase, KAFKA_BROKERS, REDIS_URL } from '../../deploy/local/infra.mjs';
import { startStack } from '../../deploy/local/stack.mjs';
import { ROOT } from '../../deploy/local/workspace.mjs';
import { DemoTenants, Topics, toLeadBroadcast } from '../../libs/contracts/dist/index.js';
import { readCpu } from '../cpu.mjs';
import { BENCH_TOPIC_PREFIX } from '../lib/built-service.mjs';
import { freshStackData } from '../lib/stack-data.mjs';
import { numberOption } from '../lib/support.mjs';

const SOCKETS = numberOption('sockets', 20_000);
const RATE = numberOption('rate', 2);
const SECONDS = numberOption('seconds', 30);
const CLIENTS = numberOption('clients', 4);
const SOCKETS_PER_SESSION = numberOption('sockets-per-session', 250);
const DRAIN_SECONDS = numberOption('drain', 5);
const PORT = numberOption('port', 21080);
const DATABASE = 'pp_bench_load';
const REDIS_DB = 13;
const TOPIC_PREFIX = `${BENCH_TOPIC_PREFIX}load.`;
const PRACTICES = [
  { id: DemoTenants.glowAestheticsId, name: 'Glow Aesthetics', user: 'demo@practicepilot.example' },
  { id: DemoTenants.northsideDentalId, name: 'Northside Dental', user: 'demo@practicepilot.example' },
  {
    id: DemoTenants.lakeviewPlasticSurgeryId,
    name: 'Lakeview Plastic Surgery',
    user: 'other@practicepilot.example',
  },
];
const PASSWORD = 'practicepilot';

// The gateway holds a descriptor per socket besides its own (about 50: its pools, Redis, Kafka, logs): its limit
// of open files must exceed --sockets by that. The bench runs itself again in a shell that raises its soft limit
// (the hard one too where permitted); its children, the stack included, inherit it.
const FD_NEEDED = SOCKETS + 200;
const currentLimit = () => Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
if (currentLimit() < FD_NEEDED && !process.env.PP_BENCH_LOAD_LIMIT) {
  const shell = `ulimit -n ${FD_NEEDED} 2>/dev/null || ulimit -Sn ${FD_NEEDED} 2>/dev/null; exec "$0" "$@"`;
  const result = spawnSync('sh', ['-c', shell, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PP_BENCH_LOAD_LIMIT: '1' },
  });
  process.exit(result.status ?? 1);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};
/** Busy and total jiffies of the whole machine (/proc/stat), for its load while the bench ran. */
const machineTicks = () => {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + values[4];
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
};
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function settle(pids, limitSeconds = 30) {
  const total = (reading) =>
    Object.entries(reading).reduce((sum, [name, s]) => (name.includes('#') ? sum : sum + s), 0);
  const start = Date.now();
  let before = total(readCpu(pids()));
  while (Date.now() - start < limitSeconds * 1000) {
    await sleep(1000);
    const now = total(readCpu(pids()));
    if (now - before < 0.15) break;
    before = now;
  }
  return (Date.now() - start) / 1000;
}

async function main() {
  if (currentLimit() < FD_NEEDED)
    throw new Error(
      `open files are limited to ${currentLimit()} a process here (hard limit ${execFileSync('sh', ['-c', 'ulimit -Hn']).toString().trim()}), ` +
        `${FD_NEEDED} needed for ${SOCKETS} sockets on one gateway: at most --sockets=${currentLimit() - 200}`,
    );
  console.log(
    `bench:load: ${SOCKETS} sockets from ${CLIENTS} client processes, ${RATE} lead events/s for ${SECONDS} s ` +
      `(open files limit ${currentLimit()}); machine load ${loadavg()}`,
  );
  await dropDatabase(DATABASE);
  const env = {
    DATABASE_URL: await ensureDatabase(DATABASE),
    REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`,
    LOG_LEVEL: 'warn',
    KAFKA_TOPIC_PREFIX: TOPIC_PREFIX,
  };
  await freshStackData(env);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();

  // Every lead event on the stack's topic, as the gateway reads it: the Kafka record's time and the event's own.
  const kafka = new Kafka({ brokers: KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
  const topic = `${TOPIC_PREFIX}${Topics.leadEvents}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
  const groupId = `${TOPIC_PREFIX}bench-load-${randomUUID()}`;
  const consumer = kafka.consumer({ groupId });
  const produced = new Map();
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: false });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  await consumer.run({
    eachMessage: async ({ message }) => {
      const event = JSON.parse(message.value.toString());
      if (event?.v !== 1 || !event.person_id) return;
      const broadcast = toLeadBroadcast(event);
      produced.set(broadcast.event_id, {
        practiceId: broadcast.practice_id,
        occurredAt: Date.parse(broadcast.timestamp),
        recordAt: Number(message.timestamp),
      });
    },
  });

  const stack = await startStack({
    gatewayPort: PORT,
    env,
    logDir: join(ROOT, 'deploy/local/.run/bench-logs'),
  });
  const children = [];
  try {
    await joined;
    const settled = await settle(() => stack.pids());
    const gatewayPid = stack.pids().gateway;

    // Sessions: the gateway caps neither the sockets of a session nor the sessions of a user; the sockets are
    // spread over several sessions of each user all the same, as many staff would open them.
    const signIn = async (username) => {
      const response = await fetch(`${stack.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: PASSWORD }),
      });
      const body = await response.json();
      if (!body.access_token) throw new Error(`sign-in as ${username} answered ${response.status}`);
      return body.access_token;
    };
    const sessionsPerUser = Math.max(1, Math.ceil(SOCKETS / SOCKETS_PER_SESSION / 2));
    const tokens = {};
    for (const user of new Set(PRACTICES.map((p) => p.user))) {
      tokens[user] = [];
      for (let i = 0; i < sessionsPerUser; i++) tokens[user].push(await signIn(user));
    }
    // Socket i: practice i mod 3, a session of that practice's user.
    const plan = Array.from({ length: SOCKETS }, (_, i) => {
      const practice = PRACTICES[i % PRACTICES.length];
      const own = tokens[practice.user];
      return { practiceId: practice.id, token: own[Math.floor(i / PRACTICES.length) % own.length] };
    });

    // The product's rule holds under load: demo@'s token cannot open Lakeview's events.
    const forbidden = await new Promise((resolve) => {
      const ws = new WebSocket(
        `ws://127.0.0.1:${PORT}/api/v1/practices/${PRACTICES[2].id}/events?token=${tokens[PRACTICES[0].user][0]}`,
      );
      ws.on('close', (code) => resolve(code));
      ws.on('error', () => {});
    });

    const rssBefore = rssMiB(gatewayPid);
    const cpuConnect = readCpu({ gateway: gatewayPid });
    const connectStart = Date.now();
    const results = await Promise.all(
      Array.from({ length: CLIENTS }, (_, k) => {
        const child = fork(join(ROOT, 'bench/load/socket-client.mjs'), [], { stdio: 'inherit' });
        children.push(child);
        const share = plan.filter((_, i) => i % CLIENTS === k);
        return new Promise((resolve, reject) => {
          child.once('message', resolve);
          child.once('exit', (code) => reject(new Error(`client ${k} exited with ${code}`)));
          child.send({
            type: 'connect',
            url: `ws://127.0.0.1:${PORT}`,
            localAddress: `127.0.0.${2 + k}`,
            concurrency: 100,
            sockets: share,
          });
        });
      }),
    );
    const connectSeconds = (Date.now() - connectStart) / 1000;
    const opened = results.reduce((sum, r) => sum + r.open, 0);
    const outcomes = {};
    for (const r of results)
      for (const [k, v] of Object.entries(r.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + v;
    const connectCpu = readCpu({ gateway: gatewayPid }).gateway - cpuConnect.gateway;
    await sleep(5000);
    const rssAfter = rssMiB(gatewayPid);
    const descriptors = readdirSync(`/proc/${gatewayPid}/fd`).length;
    console.log(
      `stack settled in ${settled.toFixed(1)} s; ${sessionsPerUser} sessions per user; demo@ on Lakeview closed ` +
        `with ${forbidden}; ${opened}/${SOCKETS} sockets open in ${connectSeconds.toFixed(1)} s ` +
        `(${JSON.stringify(outcomes)}); gateway CPU while connecting ${connectCpu.toFixed(1)} s (${((connectCpu * 1e6) / Math.max(1, opened)).toFixed(0)} µs a socket)`,
    );
    console.log(
      `gateway RSS ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB with the sockets open: ` +
        `${(((rssAfter - rssBefore) * 1024) / Math.max(1, opened)).toFixed(1)} KiB per socket; ${descriptors} open files`,
    );

    // A lead of its practice per event, each a different one, round robin over the practices.
    const { rows: leads } = await db.query(
      `SELECT "person_id", "practice_id" FROM "people"."persons" WHERE "practice_id" = ANY($1) ORDER BY "created_at"`,
      [PRACTICES.map((p) => p.id)],
    );
    const byPractice = new Map(PRACTICES.map((p) => [p.id, leads.filter((l) => l.practice_id === p.id)]));
    const events = Math.round(RATE * SECONDS);
    const statuses = {};
    const pending = [];
    const ticksBefore = machineTicks();
    const cpuBefore = readCpu({ gateway: gatewayPid });
    const clientCpuBefore = readCpu(Object.fromEntries(children.map((c, k) => [`client${k}`, c.pid])));
    const loadBefore = loadavg();
    const eventsStart = Date.now();
    for (let i = 0; i < events; i++) {
      const due = eventsStart + (i * 1000) / RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      const practice = PRACTICES[i % PRACTICES.length];
      const own = byPractice.get(practice.id);
      const lead = own[Math.floor(i / PRACTICES.length) % own.length];
      pending.push(
        fetch(`${stack.url}/api/v1/people/${lead.person_id}`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[practice.user][0]}`,
          },
          body: JSON.stringify({ first_name: `Load${i}` }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          },
          (error) => (statuses[error.message] = (statuses[error.message] ?? 0) + 1),
        ),
      );
    }
    await Promise.all(pending);
    await sleep(DRAIN_SECONDS * 1000);
    const eventSeconds = (Date.now() - eventsStart) / 1000;
    const gatewayCpu = readCpu({ gateway: gatewayPid });
    const clientCpu = readCpu(Object.fromEntries(children.map((c, k) => [`client${k}`, c.pid])));
    const ticksAfter = machineTicks();
    const loadAfter = loadavg();

    const reports = await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            child.once('message', resolve);
            child.send({ type: 'report' });
          }),
      ),
    );
    const openAtEnd = reports.reduce((sum, r) => sum + r.open, 0);
    const wrongPractice = reports.reduce((sum, r) => sum + r.wrongPractice, 0);
    const closes = {};
    for (const r of reports) for (const [k, v] of Object.entries(r.closes)) closes[k] = (closes[k] ?? 0) + v;
    const received = new Map();
    for (const r of reports)
      for (const [eventId, times] of Object.entries(r.deliveries)) {
        const all = received.get(eventId) ?? [];
        for (const t of times) all.push(t);
        received.set(eventId, all);
      }
    // The events of the run: produced after it began (the bench's edits and whatever else the stack announced).
    const perPractice = Object.fromEntries(
      PRACTICES.map((p) => [p.id, plan.filter((s) => s.practiceId === p.id).length]),
    );
    const fromTimestamp = [];
    const fromRecord = [];
    const lastSocket = [];
    const relay = [];
    let delivered = 0;
    let expected = 0;
    let short = 0;
    let measured = 0;
    for (const [eventId, event] of produced) {
      if (event.recordAt < eventsStart) continue;
      measured++;
      const times = received.get(eventId) ?? [];
      const want = perPractice[event.practiceId] ?? 0;
      expected += want;
      delivered += times.length;
      if (times.length < want) short++;
      relay.push(event.recordAt - event.occurredAt);
      let last = -Infinity;
      for (const t of times) {
        fromTimestamp.push(t - event.occurredAt);
        fromRecord.push(t - event.recordAt);
        if (t > last) last = t;
      }
      if (times.length) lastSocket.push(last - event.occurredAt);
    }
    const stats = (values) => {
      const sorted = Float64Array.from(values).sort();
      return sorted.length
        ? `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`
        : 'none';
    };
    const gatewaySeconds = gatewayCpu.gateway - cpuBefore.gateway;
    const gatewayMain = gatewayCpu['gateway#main'] - cpuBefore['gateway#main'];
    const clientSeconds = Object.keys(clientCpu)
      .filter((k) => !k.includes('#'))
      .reduce((sum, k) => sum + clientCpu[k] - (clientCpuBefore[k] ?? 0), 0);
    const busy = (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total);
    const { rows: audit } = await db.query(
      `SELECT count(*)::int AS "n" FROM "gateway"."audit_log" WHERE "action" = 'live.lead_update'`,
    );

    console.log(
      `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load ${loadBefore} before the ` +
        `events, ${loadAfter} after; ${(busy * 100).toFixed(0)} % of its CPU busy during them`,
    );
    console.log(
      `edits ${events} (${JSON.stringify(statuses)}); lead events produced ${measured}; deliveries ${delivered} ` +
        `of ${expected} (${short} events short of their practice's sockets); to another practice's socket: ` +
        `${wrongPractice}; sockets open at the end ${openAtEnd} (closed by the gateway: ${JSON.stringify(closes)}); ` +
        `live audit entries ${audit[0].n}`,
    );
    console.log(`delivery from the event's timestamp:     ${stats(fromTimestamp)}`);
    console.log(`delivery from its Kafka record:          ${stats(fromRecord)}`);
    console.log(`the last socket of each event:           ${stats(lastSocket)}`);
    console.log(`timestamp to Kafka record (outbox relay): ${stats(relay)}`);
    console.log(
      `gateway CPU over the ${eventSeconds.toFixed(1)} s of events: ${gatewaySeconds.toFixed(1)} s ` +
        `(${((gatewaySeconds / eventSeconds) * 100).toFixed(0)} % of a core; event loop ${gatewayMain.toFixed(1)} s; ` +
        `${((gatewaySeconds * 1000) / Math.max(1, measured)).toFixed(0)} ms per event); ` +
        `the client processes ${clientSeconds.toFixed(1)} s`,
    );
    console.log(
      `| ${opened} | ${measured} | ${delivered}/${expected} | ${stats(fromTimestamp)
        .replace(/p\d+ |max /g, '')
        .replaceAll(', ', ' / ')} | ` +
        `${(((rssAfter - rssBefore) * 1024) / Math.max(1, opened)).toFixed(1)} KiB | ` +
        `${((gatewaySeconds / eventSeconds) * 100).toFixed(0)} % of a core |`,
    );
    if (wrongPractice > 0 || delivered < expected) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await stack.stop();
    await consumer.disconnect().catch(() => {});
    await admin.deleteGroups([groupId]).catch(() => {});
    await admin.disconnect();
    await db.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
