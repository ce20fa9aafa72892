// `npm run bench:load:ingress`: the public tracking ingress at its rate limits from many sites (issue 30, item 4).
// Starts the whole stack from its builds on a database, Redis db and topic prefix of its own, signs up --sites
// practices (the product's sign-up, `POST /api/v1/auth/register`; each practice gets its site key), and then, through
// the gateway as a website's visitors reach it, posts pageviews and forms (one event a request, as the snippet
// sends a page's view) from --ips loopback addresses (the gateway trusts no proxy by default: the socket's address
// is the client's, and it hands analytics that address in X-Forwarded-For). First a well-behaved site alone
// (--quiet-rate a second from an address of its own, under both limits), then the same site while the other sites
// are flooded at --rate a second each, spread over the --ips addresses, for --seconds. Prints per second and in
// total: requests sent, accepted (202), limited (429), other; accepted per site key and per address against the
// configured limits (TRACKING_RATE_LIMIT_PER_SITE_KEY / _PER_IP, fixed one-second windows in Redis); the 429s'
// envelope and Retry-After; p50/p95/p99 of accepted and limited answers, and of the well-behaved site alone and
// during the flood; that every accepted pageview is one row of analytics.pageviews and every accepted form one
// submission in people (and nothing refused is stored); the CPU of each process. Needs `npm run build` and
// `npm run infra:up`. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Pool } from 'undici';
import { dropDatabase, ensureDatabase, REDIS_URL } from '../../deploy/local/infra.mjs';
import { startStack } from '../../deploy/local/stack.mjs';
import { ROOT } from '../../deploy/local/workspace.mjs';
import { analyticsConfigSchema } from '../../services/analytics/dist/config.js';
import { cpuBetween, readCpu } from '../cpu.mjs';
import { BENCH_TOPIC_PREFIX } from '../lib/built-service.mjs';
import { freshStackData } from '../lib/stack-data.mjs';
import { numberOption } from '../lib/support.mjs';

const SITES = numberOption('sites', 10);
const IPS = numberOption('ips', 25);
const RATE = numberOption('rate', 75);
const SECONDS = numberOption('seconds', 20);
const QUIET_RATE = numberOption('quiet-rate', 10);
const QUIET_SECONDS = numberOption('quiet-seconds', 10);
const FORM_EVERY = numberOption('form-every', 25);
const CONNECTIONS = numberOption('connections', 8);
const DRAIN_SECONDS = numberOption('drain', 120);
const PORT = numberOption('port', 22080);
const DATABASE = 'pp_bench_load_ingress';
const REDIS_DB = 14;
const TOPIC_PREFIX = `${BENCH_TOPIC_PREFIX}load.ingress.`;
// The limits the stack runs with: analytics' defaults (services/analytics/src/config.ts) unless set in the
// environment.
const LIMIT_PER_IP = analyticsConfigSchema.shape.TRACKING_RATE_LIMIT_PER_IP.parse(
  process.env.TRACKING_RATE_LIMIT_PER_IP,
);
const LIMIT_PER_SITE = analyticsConfigSchema.shape.TRACKING_RATE_LIMIT_PER_SITE_KEY.parse(
  process.env.TRACKING_RATE_LIMIT_PER_SITE_KEY,
);
const MAX_IN_FLIGHT = 4000;
const WARMUP_SECONDS = 5;
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// Loopback addresses: the flood's, the well-behaved site's, and one per site while waiting for its key.
const floodAddress = (i) => `127.1.${Math.floor(i / 250)}.${1 + (i % 250)}`;
const QUIET_ADDRESS = '127.2.0.1';
const setupAddress = (i) => `127.3.${Math.floor(i / 250)}.${1 + (i % 250)}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const stats = (values) => {
  const sorted = Float64Array.from(values).sort();
  return sorted.length
    ? `p50 ${percentile(sorted, 50).toFixed(1)} / p95 ${percentile(sorted, 95).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length})`
    : 'none';
};
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** Busy and total jiffies of the whole machine (/proc/stat). */
const machineTicks = () => {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + values[4];
  return { busy: values.reduce((a, b) => a + b, 0) - idle, total: values.reduce((a, b) => a + b, 0) };
};

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

/** One event as the website snippet sends it: a pageview, or a form with a new visitor's contact details. */
function trackingEvent(type, site, n) {
  const base = {
    event_id: randomUUID(),
    type,
    visitor_id: randomUUID(),
    session_id: randomUUID(),
    url: `https://${site.host}/${type === 'form' ? 'contact' : `services/${n % 7}`}`,
    title: type === 'form' ? 'Contact us' : `Service ${n % 7}`,
    referrer: 'https://www.google.com/',
    occurred_at: new Date().toISOString(),
  };
  if (type !== 'form') return base;
  return {
    ...base,
    fields: {
      name: `Load Visitor${n}`,
      email: `load-${site.index}-${n}-${base.event_id.slice(0, 8)}@example.com`,
      phone: `509555${String(1000 + (n % 9000)).padStart(4, '0')}`,
      message: 'Hi, how much is a consultation, and do you have anything next week?',
    },
  };
}

async function main() {
  console.log(
    `bench:load:ingress: ${SITES} sites at ${RATE} requests/s each from ${IPS} addresses for ${SECONDS} s ` +
      `(${((SITES * RATE) / IPS).toFixed(1)}/s an address), a well-behaved site at ${QUIET_RATE}/s, a form in ` +
      `${FORM_EVERY}; limits ${LIMIT_PER_SITE}/s a site key, ${LIMIT_PER_IP}/s an address; machine load ${loadavg()}`,
  );
  await dropDatabase(DATABASE);
  const env = {
    DATABASE_URL: await ensureDatabase(DATABASE),
    REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`,
    LOG_LEVEL: 'warn',
    KAFKA_TOPIC_PREFIX: TOPIC_PREFIX,
    // The practices are signed up from one address: the hourly sign-up limit would stop at five.
    SIGNUPS_PER_HOUR: '100000',
  };
  await freshStackData(env);
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const stack = await startStack({
    gatewayPort: PORT,
    env,
    logDir: join(ROOT, 'deploy/local/.run/bench-logs'),
  });
  const pools = new Map();
  const poolFor = (address) => {
    let pool = pools.get(address);
    if (!pool) {
      pool = new Pool(`http://127.0.0.1:${PORT}`, {
        connections: CONNECTIONS,
        // undici's own option (a `connect.localAddress` is not used): the socket's source address.
        localAddress: address,
      });
      pools.set(address, pool);
    }
    return pool;
  };
  try {
    // The sites: practices made by the product's sign-up, each with the site key the gateway generated.
    const run = randomUUID().slice(0, 8);
    const sites = [];
    for (let i = 0; i <= SITES; i++) {
      const response = await fetch(`${stack.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Load',
          last_name: `Owner${i}`,
          email: `load-${run}-${i}@example.com`,
          password: `load-${run}-password-${i}`,
          practice_name: i === SITES ? 'Well-Behaved Clinic' : `Load Clinic ${i}`,
        }),
      });
      const body = await response.json();
      if (!body.practice_id) throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(body)}`);
      const { rows } = await db.query(
        `SELECT "site_key" FROM "gateway"."practices" WHERE "practice_id" = $1`,
        [body.practice_id],
      );
      sites.push({
        index: i,
        practiceId: body.practice_id,
        siteKey: rows[0].site_key,
        host: `www.load-clinic-${i}.example`,
      });
    }
    const quiet = sites.pop();

    // Each request: what it was, where from, when, and its answer.
    const requests = [];
    let inFlight = 0;
    let notSent = 0;
    const send = (site, address, type, n, phase) => {
      const event = trackingEvent(type, site, n);
      const record = { phase, site: site.index, address, type, eventId: event.event_id, status: 0 };
      requests.push(record);
      if (inFlight >= MAX_IN_FLIGHT) {
        notSent++;
        record.status = 'not sent';
        return Promise.resolve(record);
      }
      inFlight++;
      record.sentAt = performance.now();
      return poolFor(address)
        .request({
          method: 'POST',
          path: '/api/v1/tracking/events',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': USER_AGENT },
          body: JSON.stringify({ site_key: site.siteKey, events: [event] }),
        })
        .then(
          async (response) => {
            const text = await response.body.text();
            record.answeredAt = performance.now();
            record.status = response.statusCode;
            if (response.statusCode === 429) {
              record.retryAfter = response.headers['retry-after'];
              try {
                record.detail = JSON.parse(text).detail;
              } catch {
                record.detail = null;
              }
            }
            if (response.statusCode !== 202 && response.statusCode !== 429) record.body = text.slice(0, 200);
          },
          (error) => {
            record.answeredAt = performance.now();
            record.status = error.code ?? error.message;
          },
        )
        .finally(() => inFlight--)
        .then(() => record);
    };

    // Analytics learns each site key from the practice's snapshot on Kafka: 404 until then.
    const setupDeadline = Date.now() + 120_000;
    await Promise.all(
      [...sites, quiet].map(async (site) => {
        for (let n = 0; ; n++) {
          const record = await send(site, setupAddress(site.index), 'pageview', n, 'setup');
          if (record.status === 202) return;
          if (Date.now() > setupDeadline)
            throw new Error(`site ${site.index} still answered ${record.status}: ${record.body ?? ''}`);
          await sleep(250);
        }
      }),
    );
    const settled = await settle(() => stack.pids());
    console.log(
      `${SITES + 1} practices signed up and known to the ingress; stack settled in ${settled.toFixed(1)} s`,
    );

    // A steady schedule: request k of a stream is due at start + k / rate.
    const pending = [];
    const paced = async (rate, seconds, startAt, each) => {
      const count = Math.round(rate * seconds);
      for (let k = 0; k < count; k++) {
        const due = startAt + (k * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        pending.push(each(k));
      }
    };
    const quietStream = (phase, seconds) =>
      paced(QUIET_RATE, seconds, performance.now(), (k) =>
        send(quiet, QUIET_ADDRESS, k % FORM_EVERY === FORM_EVERY - 1 ? 'form' : 'pageview', k, phase),
      );

    // 1. The well-behaved site alone.
    const quietCpu = readCpu(stack.pids());
    await quietStream('alone', QUIET_SECONDS);
    await Promise.all(pending);
    const quietCpuAfter = readCpu(stack.pids());

    // 2. The flood, with the well-behaved site going on beside it.
    const loadBefore = loadavg();
    const ticksBefore = machineTicks();
    const cpuBefore = readCpu(stack.pids());
    const floodStart = performance.now();
    const total = SITES * RATE;
    await Promise.all([
      quietStream('beside', SECONDS),
      paced(total, SECONDS, floodStart, (k) => {
        const site = sites[k % SITES];
        const n = Math.floor(k / SITES);
        return send(
          site,
          floodAddress(k % IPS),
          n % FORM_EVERY === FORM_EVERY - 1 ? 'form' : 'pageview',
          n,
          'flood',
        );
      }),
    ]);
    await Promise.all(pending);
    const floodEnd = performance.now();
    const cpuAfter = readCpu(stack.pids());
    const ticksAfter = machineTicks();
    const loadAfter = loadavg();
    const floodSeconds = (floodEnd - floodStart) / 1000;

    // Per second of the flood, by when each request was sent.
    const during = requests.filter((r) => r.phase === 'flood' || r.phase === 'beside');
    const seconds = Math.ceil(SECONDS);
    const tally = (list) => {
      const out = { sent: list.length, accepted: 0, limited: 0, other: 0 };
      for (const r of list)
        if (r.status === 202) out.accepted++;
        else if (r.status === 429) out.limited++;
        else out.other++;
      return out;
    };
    const latencies = (list, status) =>
      list.filter((r) => r.status === status).map((r) => r.answeredAt - r.sentAt);
    console.log('second | sent | 202 | 429 | other | accepted p95 | limited p95 | well-behaved p95');
    for (let s = 0; s < seconds + 1; s++) {
      const inSecond = during.filter(
        (r) => r.sentAt !== undefined && Math.floor((r.sentAt - floodStart) / 1000) === s,
      );
      if (inSecond.length === 0) continue;
      const t = tally(inSecond);
      const p95 = (values) => {
        const sorted = Float64Array.from(values).sort();
        return sorted.length ? `${percentile(sorted, 95).toFixed(1)} ms` : '-';
      };
      console.log(
        `${String(s).padStart(6)} | ${t.sent} | ${t.accepted} | ${t.limited} | ${t.other} | ` +
          `${p95(latencies(inSecond, 202))} | ${p95(latencies(inSecond, 429))} | ` +
          `${p95(
            latencies(
              inSecond.filter((r) => r.phase === 'beside'),
              202,
            ),
          )}`,
      );
    }
    const flood = requests.filter((r) => r.phase === 'flood');
    const t = tally(flood);
    const others = {};
    for (const r of flood)
      if (r.status !== 202 && r.status !== 429) others[r.status] = (others[r.status] ?? 0) + 1;
    console.log(
      `flood: ${t.sent} requests in ${floodSeconds.toFixed(1)} s (${(t.sent / floodSeconds).toFixed(0)}/s), ` +
        `accepted ${t.accepted} (${(t.accepted / floodSeconds).toFixed(0)}/s), limited ${t.limited}, other ${t.other} ` +
        `${JSON.stringify(others)}; not sent (over ${MAX_IN_FLIGHT} in flight) ${notSent}`,
    );
    const sample = flood.find((r) => r.body);
    if (sample) console.log(`an other answer: ${sample.status} ${sample.body}`);

    // The limits: fixed one-second windows, each begun by a key's first request after the last one ended, so in a
    // span of D seconds a key has at most floor(D) + 1 windows: at most limit × (floor(D) + 1) accepted.
    const bound = (list, limit) => {
      const first = Math.min(...list.map((r) => r.sentAt));
      const last = Math.max(...list.map((r) => r.answeredAt));
      return limit * (Math.floor((last - first) / 1000) + 1);
    };
    const perKey = (list, keyOf, limit) => {
      const groups = new Map();
      for (const r of list) {
        const key = keyOf(r);
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(r);
      }
      const rows = [...groups].map(([key, own]) => {
        const accepted = own.filter((r) => r.status === 202);
        // The most accepted in any one second of the run, by answer time (two windows may share a second).
        const bySecond = new Map();
        for (const r of accepted) {
          const s = Math.floor((r.answeredAt - floodStart) / 1000);
          bySecond.set(s, (bySecond.get(s) ?? 0) + 1);
        }
        return {
          key,
          sent: own.length,
          accepted: accepted.length,
          bound: accepted.length
            ? bound(
                own.filter((r) => r.sentAt !== undefined),
                limit,
              )
            : 0,
          maxSecond: Math.max(0, ...bySecond.values()),
        };
      });
      const over = rows.filter((r) => r.accepted > r.bound);
      const acc = rows.map((r) => r.accepted).sort((a, b) => a - b);
      return {
        rows,
        over,
        min: acc[0],
        max: acc.at(-1),
        maxSecond: Math.max(...rows.map((r) => r.maxSecond)),
      };
    };
    // The per-address limit counts every request from the address, the well-behaved site's too (it has its own).
    const bySite = perKey(flood, (r) => r.site, LIMIT_PER_SITE);
    const byAddress = perKey(flood, (r) => r.address, LIMIT_PER_IP);
    console.log(
      `per site key (limit ${LIMIT_PER_SITE}/s, ${RATE}/s offered): accepted ${bySite.min}–${bySite.max} of ` +
        `${bySite.rows[0].sent} each (${(bySite.min / floodSeconds).toFixed(1)}–${(bySite.max / floodSeconds).toFixed(1)}/s); ` +
        `most in one second ${bySite.maxSecond}; over limit × windows: ${bySite.over.length}` +
        (bySite.over.length ? ` ${JSON.stringify(bySite.over.slice(0, 5))}` : ''),
    );
    console.log(
      `per address (limit ${LIMIT_PER_IP}/s, ${(total / IPS).toFixed(1)}/s offered): accepted ${byAddress.min}–${byAddress.max} ` +
        `(${(byAddress.min / floodSeconds).toFixed(1)}–${(byAddress.max / floodSeconds).toFixed(1)}/s); most in one second ` +
        `${byAddress.maxSecond}; over limit × windows: ${byAddress.over.length}` +
        (byAddress.over.length ? ` ${JSON.stringify(byAddress.over.slice(0, 5))}` : ''),
    );
    const limited = requests.filter((r) => r.status === 429);
    const badEnvelope = limited.filter(
      (r) => typeof r.detail !== 'string' || !r.detail.startsWith('Too many tracking requests'),
    );
    const badRetry = limited.filter((r) => !/^[1-9]\d*$/.test(String(r.retryAfter ?? '')));
    const retryValues = [...new Set(limited.map((r) => r.retryAfter))];
    console.log(
      `429s: ${limited.length}; without the {"detail"} envelope ${badEnvelope.length}; without Retry-After ` +
        `${badRetry.length} (values ${JSON.stringify(retryValues.slice(0, 5))})`,
    );
    console.log(`latency of accepted answers in the flood: ${stats(latencies(flood, 202))}`);
    console.log(`latency of limited answers in the flood:  ${stats(latencies(flood, 429))}`);
    const quietAlone = requests.filter((r) => r.phase === 'alone');
    const quietBeside = requests.filter((r) => r.phase === 'beside');
    console.log(
      `well-behaved site alone:           ${stats(latencies(quietAlone, 202))}; ${JSON.stringify(tally(quietAlone))}`,
    );
    console.log(
      `well-behaved site during the flood: ${stats(latencies(quietBeside, 202))}; ${JSON.stringify(tally(quietBeside))}`,
    );
    // The flood's first seconds (its clients' connections opening, the stack taking up the load) apart.
    const steady = (list) => list.filter((r) => r.sentAt - floodStart >= WARMUP_SECONDS * 1000);
    console.log(
      `from the flood's ${WARMUP_SECONDS}th second on: well-behaved site ${stats(latencies(steady(quietBeside), 202))}; ` +
        `the flood's accepted ${stats(latencies(steady(flood), 202))}, limited ${stats(latencies(steady(flood), 429))}`,
    );
    const busy = (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total);
    console.log(
      `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load ${loadBefore} before the ` +
        `flood, ${loadAfter} after; ${(busy * 100).toFixed(0)} % of its CPU busy during it`,
    );
    const percentOfCore = (before, after, span) =>
      Object.keys(after)
        .filter((name) => !name.includes('#') && after[name] - (before[name] ?? 0) > 0)
        .sort((a, b) => after[b] - (before[b] ?? 0) - (after[a] - (before[a] ?? 0)))
        .map((name) => `${name} ${Math.round(((after[name] - (before[name] ?? 0)) / span) * 100)} %`)
        .join(', ');
    console.log(
      `CPU during the flood (% of a core): ${percentOfCore(cpuBefore, cpuAfter, floodSeconds)}; per request: ` +
        cpuBetween(cpuBefore, cpuAfter, flood.length + quietBeside.length, 'request'),
    );
    console.log(
      `CPU with the well-behaved site alone (% of a core): ${percentOfCore(quietCpu, quietCpuAfter, QUIET_SECONDS)}`,
    );

    // Storage: every accepted pageview one row in analytics, every accepted form one submission in people, and
    // nothing that was refused.
    const acceptedIds = (type) =>
      new Set(requests.filter((r) => r.type === type && r.status === 202).map((r) => r.eventId));
    const refusedIds = (type) =>
      new Set(requests.filter((r) => r.type === type && r.status !== 202).map((r) => r.eventId));
    const practiceIds = [...sites, quiet].map((s) => s.practiceId);
    const count = async (sql) => {
      const { rows } = await db.query(sql, [practiceIds]);
      return new Map(rows.map((r) => [r.id, r.n]));
    };
    const check = async (label, type, sql) => {
      const want = acceptedIds(type);
      const refused = refusedIds(type);
      const deadline = Date.now() + DRAIN_SECONDS * 1000;
      const started = Date.now();
      let stored;
      for (;;) {
        stored = await count(sql);
        if ([...want].every((id) => stored.has(id)) || Date.now() > deadline) break;
        await sleep(500);
      }
      const missing = [...want].filter((id) => !stored.has(id)).length;
      const doubled = [...stored.values()].filter((n) => n > 1).length;
      const storedRefused = [...stored.keys()].filter((id) => refused.has(id)).length;
      const unknown = [...stored.keys()].filter((id) => !want.has(id) && !refused.has(id)).length;
      console.log(
        `${label}: accepted ${want.size}, stored ${stored.size} (all within ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `of the flood's end); missing ${missing}, stored twice ${doubled}, stored though refused ${storedRefused}, ` +
          `stored and never sent ${unknown}`,
      );
      return missing + doubled + storedRefused + unknown;
    };
    const problems =
      (await check(
        'pageviews (analytics.pageviews)',
        'pageview',
        `SELECT "tracking_event_id" AS "id", count(*)::int AS "n" FROM "analytics"."pageviews"
          WHERE "practice_id" = ANY($1) GROUP BY 1`,
      )) +
      (await check(
        'forms (people.form_submissions)',
        'form',
        `SELECT "tracking_event_id" AS "id", count(*)::int AS "n" FROM "people"."form_submissions"
          WHERE "practice_id" = ANY($1) GROUP BY 1`,
      ));
    // Requests the bench itself held back (over MAX_IN_FLIGHT) are counted above, not as the product's failures.
    const fivexx = requests.filter(
      (r) => r.status !== 'not sent' && (typeof r.status !== 'number' || r.status >= 500),
    ).length;
    console.log(`5xx answers and failed requests: ${fivexx}`);
    console.log(
      `| ${SITES} × ${RATE}/s | ${IPS} × ${(total / IPS).toFixed(0)}/s | ${t.sent} | ${t.accepted} | ${t.limited} | ${t.other} | ` +
        `${stats(latencies(flood, 202)).replace(/ \(\d+\)$/, '')} | ${stats(latencies(flood, 429)).replace(/ \(\d+\)$/, '')} | ` +
        `${stats(latencies(quietAlone, 202)).replace(/ \(\d+\)$/, '')} | ${stats(latencies(quietBeside, 202)).replace(/ \(\d+\)$/, '')} |`,
    );
    if (
      bySite.over.length ||
      byAddress.over.length ||
      badEnvelope.length ||
      badRetry.length ||
      fivexx ||
      problems
    )
      process.exitCode = 1;
  } finally {
    await Promise.all([...pools.values()].map((pool) => pool.close().catch(() => {})));
    await stack.stop();
    await db.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
