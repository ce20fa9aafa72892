// `npm run bench:overview`: the analytics Overview (GET /api/v1/analytics/metrics) and the Realtime calls at
// 10 million pageviews over 90 days for one practice.
//
//   node bench/overview.mjs [--reuse] [--pageviews=10000000] [--noise=2000000] [--reps=60] [--warmup=5]
//                           [--port=18190] [--explain]
//
// 1. (Re)creates the database pp_bench_overview on the local PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL's
//    server), applies the analytics migrations and loads, with INSERT … SELECT generate_series (secondary indexes
//    dropped during the load and rebuilt from their own definitions afterwards):
//    - for the measured practice: --pageviews pageviews over the last 90 days in sessions of 1–5 pageviews
//      (a session's source on all its pageviews, as the pipeline keeps navigation inside the site), with their
//      sessions, visitors, visitor_days and daily_rollups derived from the rows exactly as the consumer counts them
//      (days on the practice's clock, America/New_York; visitors once per day and source; sessions on their start
//      day); some visitors linked to leads (visitor_people, lead_people, person_id on their pageviews and
//      sessions);
//    - the Overview's read models for a year: 250 new leads a day with procedures and scores, 8 communication
//      events per lead (the AI's sends with the minutes they saved), consults for 12% of the leads (10%
//      cancelled) with their value, and overview_daily rebuilt by the service's own rebuildRollups;
//    - two other practices sharing the tables (--noise pageviews between them, and a fifth of the Overview
//      facts each), so every query has to find its practice's rows by index;
//    then VACUUM ANALYZE. --reuse keeps a database already loaded (its "last 30 minutes" are then old).
// 2. Starts the built analytics service (ROLE=api) on it and signs internal identity tokens as the gateway does.
// 3. Measures p50/p95/p99 over HTTP, one call after another, for the console's date presets (Today, Yesterday,
//    Last 7 days, This month, Last 30 days, Last 90 days) and the Realtime calls; every answer is checked. A call
//    whose p95 is over 150 ms (or every call with --explain) gets the EXPLAIN (ANALYZE, BUFFERS) of its SQL.
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { KAFKA_BROKERS } from '../deploy/local/infra.mjs';
import { skipAnalyticsBacklog } from './lib/analytics-group.mjs';
import { BENCH_TOPIC_PREFIX, startBuiltService } from './lib/built-service.mjs';
import { ms, printTable, quantile } from './lib/measure.mjs';
import {
  BENCH_SERVER,
  builtModule,
  databaseOn,
  runScript,
  throwawayKey,
  withClient,
} from './lib/support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const DATABASE = 'pp_bench_overview';
const SERVER = BENCH_SERVER;
const built = (path) => builtModule(ROOT, path);
const databaseUrl = (database) => databaseOn(SERVER, database);
const run = (script, env) => runScript(ROOT, script, env);
const PAGEVIEWS = Number(args.pageviews ?? 10_000_000);
const NOISE_PAGEVIEWS = Number(args.noise ?? 2_000_000);
const REPS = Number(args.reps ?? 60);
const WARMUP = Number(args.warmup ?? 5);
const PORT = Number(args.port ?? 18190);
const GOAL_P95_MS = 150;
const ZONE = 'America/New_York';
const PRACTICE = 'b0000000-0000-4000-8000-00000000000a';
const NOISE = ['b0000000-0000-4000-8000-00000000000b', 'b0000000-0000-4000-8000-00000000000c'];
const LEADS_PER_DAY = 250;
const SESSION_CHUNK = 400_000;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const load1 = () => loadavg()[0].toFixed(2);

// --- data -------------------------------------------------------------------------------------------------

// Traffic sources, cumulative percent (the spec's nine keys).
const SOURCES = [
  ['google', 35],
  ['direct', 60],
  ['google_ads', 72],
  ['facebook', 80],
  ['instagram', 87],
  ['bing', 92],
  ['referral', 97],
  ['microsoft_ads', 99],
  ['yahoo', 100],
];
const REFERRERS = {
  google: 'https://www.google.com/',
  google_ads: 'https://www.google.com/',
  facebook: 'https://l.facebook.com/',
  instagram: 'https://l.instagram.com/',
  bing: 'https://www.bing.com/',
  microsoft_ads: 'https://www.bing.com/',
  referral: 'https://www.yelp.com/',
  yahoo: 'https://search.yahoo.com/',
};
const PATHS = [
  ['/', 'Home'],
  ['/botox', 'Botox'],
  ['/fillers', 'Dermal fillers'],
  ['/laser-hair-removal', 'Laser hair removal'],
  ['/coolsculpting', 'CoolSculpting'],
  ['/hydrafacial', 'HydraFacial'],
  ['/pricing', 'Pricing'],
  ['/about', 'About us'],
  ['/team', 'Our team'],
  ['/contact', 'Contact'],
  ['/book', 'Book a consultation'],
  ['/blog/botox-vs-dysport', 'Botox vs Dysport'],
  ['/blog/lip-filler-aftercare', 'Lip filler aftercare'],
  ['/specials', 'Monthly specials'],
  ['/financing', 'Financing'],
];
const CITIES = [
  ['Seattle', 'WA', 47.6062, -122.3321],
  ['Bellevue', 'WA', 47.6101, -122.2015],
  ['Tacoma', 'WA', 47.2529, -122.4443],
  ['Portland', 'OR', 45.5152, -122.6784],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['Austin', 'TX', 30.2672, -97.7431],
  ['New York', 'NY', 40.7128, -74.006],
  ['Miami', 'FL', 25.7617, -80.1918],
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Phoenix', 'AZ', 33.4484, -112.074],
];
const PROCEDURES = [
  'Botox',
  'Dermal Fillers',
  'Lip Filler',
  'Laser Hair Removal',
  'CoolSculpting',
  'HydraFacial',
  'Chemical Peel',
  'Microneedling',
  'IPL Photofacial',
  'Kybella',
  'Sculptra',
  'Tattoo Removal',
];
const COMMUNICATIONS = [
  // type, direction, automated (the AI's own send)
  ['sms_sent', 'outgoing', true],
  ['sms_received', 'incoming', false],
  ['email_sent', 'outgoing', true],
  ['sms_sent', 'outgoing', true],
  ['email_received', 'incoming', false],
  ['phone_call_sent', 'outgoing', false],
  ['phone_call_completed', 'unknown', false],
  ['sms_sent', 'outgoing', false],
];
const MINUTES = { sms_sent: 3, email_sent: 5, phone_call_sent: 8 };

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(',')}]`;
const numArray = (values) => `ARRAY[${values.join(',')}]::float8[]`;

/** The practices: the measured one and the noise, each with its primary location on New York's clock. */
async function loadPractices(c) {
  for (const [i, id] of [PRACTICE, ...NOISE].entries()) {
    await c.query(
      `INSERT INTO "analytics"."practices" ("practice_id", "name", "website_url", "changed_at", "site_key")
       VALUES ($1, $2, $3, now(), $4)`,
      [id, `Bench practice ${i}`, `https://www.bench-practice-${i}.example`, `site_bench_overview_${i}`],
    );
    await c.query(
      `INSERT INTO "analytics"."locations" ("location_id", "practice_id", "name", "timezone", "is_primary",
         "is_active", "changed_at") VALUES (md5($1::text || ':location')::uuid, $1::uuid, 'Main', $2, true, true, now())`,
      [id, ZONE],
    );
    await c.query(`INSERT INTO "analytics"."overview_zones" ("practice_id", "timezone") VALUES ($1, $2)`, [
      id,
      ZONE,
    ]);
  }
}

/**
 * Sessions of one practice (staged in an unlogged table), then their pageviews, sessions and linked visitors.
 * `linked` visitors (the first ones) became leads: their pageviews and sessions carry the lead's person id.
 */
async function loadTraffic(c, practiceId, practiceIndex, pageviews, end, log) {
  const sessions = Math.ceil(pageviews / 3); // 1–5 pageviews a session, 3 on average
  const visitors = Math.max(1, Math.round(sessions * 0.45));
  const linked = Math.min(visitors, Math.round(visitors * 0.015));
  const host = `https://www.bench-practice-${practiceIndex}.example`;
  const sourceCase = SOURCES.map(([name, upTo]) => `WHEN r < ${upTo} THEN '${name}'`).join(' ');
  await c.query(`DROP TABLE IF EXISTS bench_sessions`);
  await c.query(
    `CREATE UNLOGGED TABLE bench_sessions AS
     SELECT s, md5($1::text || ':session:' || s)::uuid AS "session_id",
            'v-' || $2 || '-' || (s % $3) AS "visitor_id",
            CASE WHEN s % $3 < $4 THEN md5($1::text || ':lead:' || (s % $3))::uuid END AS "person_id",
            CASE ${sourceCase} END AS "source",
            $5::timestamptz - (random() * interval '90 days') - interval '20 minutes' AS "started_at",
            1 + (s % 5) AS "n", (s * 7) % ${CITIES.length} AS "city", 20 + (s % 280) AS "last_duration"
       FROM (SELECT s, floor(random() * 100)::int AS r FROM generate_series(0, $6::int - 1) AS s) AS g`,
    [practiceId, practiceIndex, visitors, linked, end, sessions],
  );
  // A little traffic in the last 30 minutes of the measured practice, as Realtime sees it on a busy site.
  await c.query(
    `UPDATE bench_sessions SET "started_at" = $1::timestamptz - random() * interval '30 minutes'
      WHERE s % 4000 = 1`,
    [end],
  );
  const paths = PATHS.map(([path]) => path);
  const titles = PATHS.map(([, title]) => title);
  const referrerCase = Object.entries(REFERRERS)
    .map(([source, url]) => `WHEN '${source}' THEN '${url}'`)
    .join(' ');
  for (let from = 0; from < sessions; from += SESSION_CHUNK) {
    const to = Math.min(sessions, from + SESSION_CHUNK) - 1;
    const started = Date.now();
    await c.query(
      `INSERT INTO "analytics"."pageviews" ("event_id", "practice_id", "tracking_event_id", "visitor_id",
         "session_id", "client_session_id", "url", "path", "title", "referrer", "source", "utm", "click_ids",
         "country_code", "region", "city", "latitude", "longitude", "started_at", "received_at",
         "duration_seconds", "last_seen_at", "left_at", "person_id")
       SELECT md5($1::text || ':pv:' || b.s || ':' || k)::uuid, $1::uuid, md5(b.s || ':' || k), b."visitor_id", b."session_id",
              b."session_id"::text, $2 || p.path, p.path, p.title,
              CASE WHEN k = 0 THEN (CASE b."source" ${referrerCase} END) ELSE $2 || '/' END,
              b."source",
              CASE WHEN b."source" IN ('google_ads', 'microsoft_ads') AND k = 0
                   THEN '{"utm_source":"google","utm_medium":"cpc"}'::jsonb ELSE '{}'::jsonb END,
              CASE WHEN b."source" = 'google_ads' AND k = 0 THEN jsonb_build_object('gclid', b.s::text)
                   ELSE '{}'::jsonb END,
              'US', (${sqlArray(CITIES.map((x) => x[1]))})[b.city + 1], (${sqlArray(CITIES.map((x) => x[0]))})[b.city + 1],
              (${numArray(CITIES.map((x) => x[2]))})[b.city + 1], (${numArray(CITIES.map((x) => x[3]))})[b.city + 1],
              b."started_at" + k * interval '50 seconds', b."started_at" + k * interval '50 seconds' + interval '150 ms',
              CASE WHEN k = b.n - 1 THEN b."last_duration" ELSE 50 END,
              b."started_at" + k * interval '50 seconds'
                + (CASE WHEN k = b.n - 1 THEN b."last_duration" ELSE 50 END) * interval '1 second',
              b."started_at" + k * interval '50 seconds'
                + (CASE WHEN k = b.n - 1 THEN b."last_duration" ELSE 50 END) * interval '1 second',
              b."person_id"
         FROM bench_sessions b
         CROSS JOIN LATERAL generate_series(0, b.n - 1) AS k
         CROSS JOIN LATERAL (SELECT (${sqlArray(paths)})[1 + ((b.s + k * 5) % ${paths.length})] AS path,
                                    (${sqlArray(titles)})[1 + ((b.s + k * 5) % ${paths.length})] AS title) AS p
        WHERE b.s BETWEEN $3 AND $4`,
      [practiceId, host, from, to],
    );
    log(
      `  pageviews of sessions ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} in ${seconds(started)}`,
    );
  }
  await c.query(
    `INSERT INTO "analytics"."sessions" ("session_id", "practice_id", "visitor_id", "client_session_id", "source",
       "started_at", "last_seen_at", "pageviews", "person_id")
     SELECT "session_id", $1::uuid, "visitor_id", "session_id"::text, "source", "started_at",
            "started_at" + (n - 1) * interval '50 seconds' + "last_duration" * interval '1 second', n, "person_id"
       FROM bench_sessions`,
    [practiceId],
  );
  await c.query(
    `INSERT INTO "analytics"."visitor_people" ("practice_id", "visitor_id", "person_id", "linked_at")
     SELECT $1::uuid, 'v-' || $2 || '-' || i, md5($1::text || ':lead:' || i)::uuid, $3::timestamptz
       FROM generate_series(0, $4::int - 1) AS i`,
    [practiceId, practiceIndex, end, linked],
  );
  await c.query(`DROP TABLE bench_sessions`);
  return { sessions, visitors, linked };
}

/** visitor_days and daily_rollups from the kept rows, as the consumer counts them (pageview-ingest.service.ts). */
async function loadRollups(c) {
  await c.query(
    `INSERT INTO "analytics"."visitor_days" ("practice_id", "day", "source", "visitor_id")
     SELECT DISTINCT p."practice_id", (p."started_at" AT TIME ZONE $1)::date, p."source", p."visitor_id"
       FROM "analytics"."pageviews" p`,
    [ZONE],
  );
  await c.query(
    `INSERT INTO "analytics"."daily_rollups" ("practice_id", "day", "source", "pageviews", "visitors", "sessions")
     SELECT k."practice_id", k."day", k."source", COALESCE(pv.n, 0), COALESCE(vd.n, 0), COALESCE(se.n, 0)
       FROM (SELECT "practice_id", (p."started_at" AT TIME ZONE $1)::date AS "day", "source", count(*) AS n
               FROM "analytics"."pageviews" p GROUP BY 1, 2, 3) AS pv
       FULL JOIN (SELECT "practice_id", (s."started_at" AT TIME ZONE $1)::date AS "day", "source", count(*) AS n
                    FROM "analytics"."sessions" s GROUP BY 1, 2, 3) AS se USING ("practice_id", "day", "source")
       CROSS JOIN LATERAL (SELECT COALESCE(pv."practice_id", se."practice_id") AS "practice_id",
                                  COALESCE(pv."day", se."day") AS "day",
                                  COALESCE(pv."source", se."source") AS "source") AS k
       LEFT JOIN (SELECT "practice_id", "day", "source", count(*) AS n FROM "analytics"."visitor_days"
                   GROUP BY 1, 2, 3) AS vd
         ON vd."practice_id" = k."practice_id" AND vd."day" = k."day" AND vd."source" = k."source"`,
    [ZONE],
  );
}

/** A year of the Overview's read models for one practice: leads, their communication events and consults. */
async function loadOverviewFacts(c, practiceId, practiceIndex, leadsPerDay, end) {
  const leads = leadsPerDay * 365;
  // The first leads are the visitors linked above (same person ids), with their names for the Realtime badge.
  await c.query(
    `INSERT INTO "analytics"."overview_leads" ("person_id", "practice_id", "created_at", "day", "name",
       "procedures", "lead_score", "updated_at")
     SELECT md5($1::text || ':lead:' || i)::uuid, $1::uuid, t, (t AT TIME ZONE $2)::date,
            (${sqlArray(['Maria', 'James', 'Ana', 'Priya', 'Lucas', 'Emily', 'Sofia', 'Daniel', 'Grace', 'Omar'])})[1 + i % 10]
              || ' ' || (${sqlArray(['Garcia', 'Nguyen', 'Smith', 'Patel', 'Johnson', 'Lopez', 'Kim'])})[1 + (i / 10) % 7],
            CASE WHEN i % 9 = 0 THEN '{}'::text[]
                 WHEN i % 3 = 0 THEN ARRAY[(${sqlArray(PROCEDURES)})[1 + i % 12], (${sqlArray(PROCEDURES)})[1 + (i / 12) % 12]]
                 ELSE ARRAY[(${sqlArray(PROCEDURES)})[1 + (i * 7) % 12]] END,
            CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 37) % 100 END, t
       FROM (SELECT i, $4::timestamptz - random() * interval '365 days' AS t
               FROM generate_series(0, $3::int - 1) AS i) AS x`,
    [practiceId, ZONE, leads, end],
  );
  await c.query(
    `INSERT INTO "analytics"."lead_people" ("person_id", "practice_id", "first_name", "last_name", "changed_at")
     SELECT "person_id", "practice_id", split_part("name", ' ', 1), split_part("name", ' ', 2), "created_at"
       FROM "analytics"."overview_leads" WHERE "practice_id" = $1::uuid`,
    [practiceId],
  );
  const kinds = COMMUNICATIONS.map(([type]) => type);
  const directions = COMMUNICATIONS.map(([, direction]) => direction);
  const automated = COMMUNICATIONS.map(([, , auto]) => (auto ? 'ai_decision' : 'staff'));
  const minutes = COMMUNICATIONS.map(([type, , auto]) => (auto ? (MINUTES[type] ?? 0) : 0));
  await c.query(
    `INSERT INTO "analytics"."overview_communications" ("event_id", "practice_id", "person_id", "type",
       "direction", "status", "occurred_at", "day", "source", "minutes_saved")
     SELECT md5(l."person_id"::text || ':event:' || k), $1::uuid, l."person_id", (${sqlArray(kinds)})[k + 1],
            (${sqlArray(directions)})[k + 1], CASE WHEN k % 4 = 3 THEN 'received' ELSE 'delivered' END,
            o.t, (o.t AT TIME ZONE $2)::date, (${sqlArray(automated)})[k + 1],
            (ARRAY[${minutes.join(',')}])[k + 1]
       FROM "analytics"."overview_leads" l
       CROSS JOIN generate_series(0, ${COMMUNICATIONS.length - 1}) AS k
       CROSS JOIN LATERAL (SELECT LEAST($3::timestamptz, l."created_at" + k * interval '5 hours') AS t) AS o
      WHERE l."practice_id" = $1::uuid`,
    [practiceId, ZONE, end],
  );
  await c.query(
    `INSERT INTO "analytics"."overview_consults" ("appointment_id", "practice_id", "person_id", "location_id",
       "title", "description", "status", "booked_at", "day", "value")
     SELECT md5(l."person_id"::text || ':consult')::uuid, $1::uuid, l."person_id", md5($1::text || ':location')::uuid,
            'Consultation', NULL,
            CASE WHEN n % 10 = 0 THEN 'cancelled' WHEN n % 3 = 0 THEN 'completed' ELSE 'scheduled' END,
            b.t, (b.t AT TIME ZONE $2)::date, 150 + (n % 8) * 50
       FROM (SELECT *, row_number() OVER (ORDER BY "person_id") AS n FROM "analytics"."overview_leads"
              WHERE "practice_id" = $1::uuid) AS l
       CROSS JOIN LATERAL (SELECT LEAST($3::timestamptz, l."created_at" + interval '26 hours') AS t) AS b
      WHERE n % 25 < 3`,
    [practiceId, ZONE, end],
  );
  // overview_daily exactly as the service keeps it: its own rebuild from the facts.
  const { rebuildRollups } = built('services/analytics/dist/overview/overview-facts.js');
  const manager = { query: (sql, params) => c.query(sql, params).then((result) => result.rows) };
  await rebuildRollups(manager, practiceId);
  return leads;
}

/** Drops the secondary indexes of the loaded tables; returns their definitions to rebuild them. */
async function dropIndexes(c) {
  const { rows } = await c.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
       JOIN pg_class ic ON ic.relname = i.indexname
       JOIN pg_index x ON x.indexrelid = ic.oid
      WHERE i.schemaname = 'analytics' AND NOT x.indisprimary
        AND i.tablename IN ('pageviews', 'sessions', 'overview_leads', 'overview_communications',
                            'overview_consults')`,
  );
  for (const row of rows) await c.query(`DROP INDEX "analytics"."${row.indexname}"`);
  return rows.map((row) => row.indexdef);
}

async function load(url, log) {
  const end = new Date().toISOString();
  await withClient(url, async (c) => {
    await c.query(`SET maintenance_work_mem = '512MB'`);
    await c.query(`SET synchronous_commit = off`);
    await loadPractices(c);
    const indexes = await dropIndexes(c);
    let started = Date.now();
    const main = await loadTraffic(c, PRACTICE, 0, PAGEVIEWS, end, log);
    log(
      `measured practice: ${PAGEVIEWS.toLocaleString('en-US')} pageviews, ${main.sessions.toLocaleString('en-US')} ` +
        `sessions, ${main.visitors.toLocaleString('en-US')} visitors (${main.linked} linked to leads) in ${seconds(started)}`,
    );
    for (const [i, id] of NOISE.entries()) {
      started = Date.now();
      await loadTraffic(c, id, i + 1, Math.round(NOISE_PAGEVIEWS / NOISE.length), end, log);
      log(
        `noise practice ${i + 1}: ${Math.round(NOISE_PAGEVIEWS / NOISE.length).toLocaleString('en-US')} pageviews in ${seconds(started)}`,
      );
    }
    started = Date.now();
    await loadRollups(c);
    log(`visitor_days and daily_rollups in ${seconds(started)}`);
    started = Date.now();
    const leads = await loadOverviewFacts(c, PRACTICE, 0, LEADS_PER_DAY, end);
    for (const id of NOISE) await loadOverviewFacts(c, id, NOISE.indexOf(id) + 1, LEADS_PER_DAY / 5, end);
    log(
      `Overview facts (${leads.toLocaleString('en-US')} leads a year for the measured practice) in ${seconds(started)}`,
    );
    started = Date.now();
    for (const definition of indexes) await c.query(definition);
    log(`${indexes.length} secondary indexes rebuilt in ${seconds(started)}`);
    started = Date.now();
    await c.query('VACUUM ANALYZE');
    log(`VACUUM ANALYZE in ${seconds(started)}`);
  });
}

// --- measuring --------------------------------------------------------------------------------------------

/** Days on the practice's clock: today, and the console's presets (console/src/analytics). */
function presets() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const day = (offset) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  return [
    ['Today', today, today],
    ['Yesterday', day(-1), day(-1)],
    ['Last 7 days', day(-6), today],
    ['This month', `${today.slice(0, 8)}01`, today],
    ['Last 30 days', day(-29), today],
    ['Last 90 days', day(-89), today],
  ];
}

/** Times `fn(headers)` REPS times after WARMUP calls; the identity token is signed (when due) outside the timing. */
async function time(service, fn) {
  for (let i = 0; i < WARMUP; i++) await fn(await service.headers());
  const times = [];
  let last;
  for (let i = 0; i < REPS; i++) {
    const headers = await service.headers();
    const started = performance.now();
    last = await fn(headers);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    max: times.at(-1),
    last,
  };
}

/** The SQL the metrics call runs (overview.service.ts), for EXPLAIN. */
function metricsSql(start, end, previousStart, previousEnd, from, to) {
  return [
    [
      'totals (current period)',
      `SELECT COALESCE(sum("leads"), 0)::int, COALESCE(sum("consults"), 0)::int, COALESCE(sum("value"), 0)::text,
              COALESCE(sum("minutes_saved"), 0)::int
         FROM "analytics"."overview_daily" WHERE "practice_id" = $1 AND "day" BETWEEN $2::date AND $3::date`,
      [PRACTICE, start, end],
    ],
    [
      'totals (previous period)',
      `SELECT COALESCE(sum("leads"), 0)::int FROM "analytics"."overview_daily"
        WHERE "practice_id" = $1 AND "day" BETWEEN $2::date AND $3::date`,
      [PRACTICE, previousStart, previousEnd],
    ],
    [
      'chart',
      `SELECT to_char(d."day", 'YYYY-MM-DD') AS "date", COALESCE(r."leads", 0)::int AS "leads"
         FROM generate_series($2::date, $3::date, interval '1 day') AS d("day")
         LEFT JOIN "analytics"."overview_daily" r ON r."practice_id" = $1 AND r."day" = d."day"::date
        ORDER BY d."day"`,
      [PRACTICE, start, end],
    ],
    [
      'procedures',
      `SELECT p."name" AS "procedure_name", count(*)::int AS "lead_count",
              COALESCE(sum(l."lead_score"), 0)::float AS "score_sum", count(l."lead_score")::int AS "scored"
         FROM "analytics"."overview_leads" l
         CROSS JOIN LATERAL (SELECT DISTINCT unnest(l."procedures") AS "name") AS p
        WHERE l."practice_id" = $1::uuid AND l."day" BETWEEN $2::date AND $3::date
        GROUP BY p."name"`,
      [PRACTICE, start, end],
    ],
    [
      'recent events',
      `SELECT c."event_id", c."type", c."direction", c."person_id", l."name", c."occurred_at", c."status"
         FROM "analytics"."overview_communications" c
         LEFT JOIN "analytics"."overview_leads" l ON l."person_id" = c."person_id" AND l."practice_id" = $1
        WHERE c."practice_id" = $1 AND c."occurred_at" >= $2 AND c."occurred_at" < $3
        ORDER BY c."occurred_at" DESC, c."event_id" DESC LIMIT 50`,
      [PRACTICE, from, to],
    ],
  ];
}

function realtimeSql(seconds) {
  const since = new Date(Date.now() - seconds * 1000).toISOString();
  const open = new Date(Date.now() - 120_000).toISOString();
  return [
    [
      `realtime pageviews (${seconds} s)`,
      `SELECT p."url", p."title", p."source", p."visitor_id", p."latitude", p."longitude", p."city",
              p."country_code", p."duration_seconds", p."person_id", lp."first_name", lp."last_name", p."started_at",
              ((p."left_at" IS NULL OR p."left_at" < p."last_seen_at") AND p."last_seen_at" >= $3) AS "open"
         FROM "analytics"."pageviews" p
         LEFT JOIN "analytics"."lead_people" lp ON lp."person_id" = p."person_id"
        WHERE p."practice_id" = $1 AND p."started_at" >= $2
        ORDER BY p."started_at" DESC, p."event_id" LIMIT 1000`,
      [PRACTICE, since, open],
    ],
    [
      `realtime average session (${seconds} s)`,
      `SELECT avg(EXTRACT(EPOCH FROM s."last_seen_at" - s."started_at")) FROM "analytics"."sessions" s
        WHERE s."practice_id" = $1 AND s."last_seen_at" >= $2`,
      [PRACTICE, since],
    ],
  ];
}

async function explain(url, statements) {
  await withClient(url, async (c) => {
    for (const [name, sql, params] of statements) {
      const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\nEXPLAIN ${name}:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  });
}

async function main() {
  const url = databaseUrl(DATABASE);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
  );
  const migrateEnv = {
    INTERNAL_IDENTITY_PUBLIC_KEY: throwawayKey(),
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    // The benchmarks' own topics: nothing of the developer's `npm start` or of the tests reaches this analytics.
    KAFKA_TOPIC_PREFIX: BENCH_TOPIC_PREFIX,
  };
  const loaded =
    args.reuse &&
    (await withClient(
      databaseUrl('postgres'),
      async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount > 0,
    )) &&
    (await withClient(url, async (c) =>
      (await c.query(`SELECT to_regclass('analytics.pageviews') IS NOT NULL AS ok`)).rows[0].ok
        ? (await c.query(`SELECT 1 FROM "analytics"."daily_rollups" LIMIT 1`)).rowCount > 0
        : false,
    ));
  if (loaded) {
    console.log(`Reusing ${DATABASE}`);
    await run('services/analytics/dist/database/migrate.js', migrateEnv);
  } else {
    await withClient(databaseUrl('postgres'), async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${DATABASE}"`);
    });
    await run('services/analytics/dist/database/migrate.js', migrateEnv);
    const started = Date.now();
    await load(url, (line) => console.log(`${line} (load ${load1()})`));
    console.log(`loaded in ${seconds(started)}`);
  }
  const counts = await withClient(url, async (c) => {
    const one = async (sql) => Number((await c.query(sql, [PRACTICE])).rows[0].n);
    return {
      pageviews: await one(`SELECT count(*) AS n FROM "analytics"."pageviews" WHERE "practice_id" = $1`),
      all: Number((await c.query(`SELECT count(*) AS n FROM "analytics"."pageviews"`)).rows[0].n),
      rollupViews: await one(
        `SELECT sum("pageviews") AS n FROM "analytics"."daily_rollups" WHERE "practice_id" = $1`,
      ),
      days: await one(
        `SELECT (max("started_at")::date - min("started_at")::date) AS n FROM "analytics"."pageviews" WHERE "practice_id" = $1`,
      ),
      leads: await one(`SELECT count(*) AS n FROM "analytics"."overview_leads" WHERE "practice_id" = $1`),
      events: await one(
        `SELECT count(*) AS n FROM "analytics"."overview_communications" WHERE "practice_id" = $1`,
      ),
      size: (await c.query(`SELECT pg_size_pretty(pg_total_relation_size('analytics.pageviews')) AS n`))
        .rows[0].n,
    };
  });
  console.log(
    `measured practice: ${counts.pageviews.toLocaleString('en-US')} pageviews over ${counts.days} days ` +
      `(${counts.all.toLocaleString('en-US')} in all; table with indexes ${counts.size}), daily_rollups sum ` +
      `${counts.rollupViews.toLocaleString('en-US')}; ${counts.leads.toLocaleString('en-US')} leads and ` +
      `${counts.events.toLocaleString('en-US')} communication events over a year`,
  );
  if (counts.rollupViews !== counts.pageviews)
    throw new Error('daily_rollups do not add up to the pageviews');

  // Not the shared broker's history: the service's consumers start at the end of their topics.
  await skipAnalyticsBacklog(ROOT, url, KAFKA_BROKERS);
  const service = await startBuiltService(ROOT, 'analytics', {
    databaseUrl: url,
    port: PORT,
    practiceIds: [PRACTICE],
  });
  const rows = [];
  const slow = [];
  try {
    const localDayBounds = built('services/analytics/dist/overview/overview-rules.js').localDayBounds;
    const checkOverviewPeriod = built(
      'services/analytics/dist/overview/overview-rules.js',
    ).checkOverviewPeriod;
    for (const [name, start, end] of presets()) {
      const result = await time(service, (headers) =>
        service.get(
          '/api/v1/analytics/metrics',
          { practice_id: PRACTICE, start_date: start, end_date: end },
          headers,
        ),
      );
      const body = result.last;
      const days = body.chart_data.length;
      const leads = body.chart_data.reduce((sum, point) => sum + point.leads, 0);
      if (leads !== body.metrics.leads.value)
        throw new Error(`${name}: chart leads ${leads} ≠ ${body.metrics.leads.value}`);
      if (name.startsWith('Last 90') && (leads === 0 || body.recent_events.length !== 50))
        throw new Error(
          `${name}: expected leads and 50 recent events, got ${leads} and ${body.recent_events.length}`,
        );
      rows.push([
        `metrics, ${name} (${days} day${days === 1 ? '' : 's'}, ${leads.toLocaleString('en-US')} leads)`,
        `${ms(result.p50)} ms`,
        `${ms(result.p95)} ms`,
        `${ms(result.p99)} ms`,
        `${ms(result.max)} ms`,
      ]);
      const period = checkOverviewPeriod(start, end);
      const statements = metricsSql(
        start,
        end,
        period.previous.start,
        period.previous.end,
        localDayBounds(start, ZONE).from.toISOString(),
        localDayBounds(end, ZONE).to.toISOString(),
      );
      if (args.explain || result.p95 > GOAL_P95_MS) slow.push([name, statements]);
    }
    // The newest pageview is as old as the load (with --reuse, maybe hours): the windows start from it, so the
    // "last 30 minutes" call reads the same rows as on the day of the load.
    const age = await withClient(url, async (c) =>
      Math.max(
        0,
        Math.round(
          (
            await c.query(
              `SELECT EXTRACT(EPOCH FROM now() - max("started_at"))::int AS s FROM "analytics"."pageviews"
              WHERE "practice_id" = $1`,
              [PRACTICE],
            )
          ).rows[0].s,
        ),
      ),
    );
    for (const windowSeconds of [1800 + age, Math.min(86_400, 86_400 + age)]) {
      const result = await time(service, (headers) =>
        service.get(
          '/api/v1/analytics/realtime/pageviews',
          { practice_id: PRACTICE, seconds: String(windowSeconds) },
          headers,
        ),
      );
      if (!loaded && result.last.pageviews.length === 0)
        throw new Error('no pageview in the realtime window');
      rows.push([
        `realtime/pageviews seconds=${windowSeconds}${age > 60 ? ` (data ${age} s old)` : ''}, ${result.last.pageviews.length} pageviews`,
        `${ms(result.p50)} ms`,
        `${ms(result.p95)} ms`,
        `${ms(result.p99)} ms`,
        `${ms(result.max)} ms`,
      ]);
      if (args.explain || result.p95 > GOAL_P95_MS)
        slow.push([`realtime ${windowSeconds}`, realtimeSql(windowSeconds)]);
    }
    {
      const result = await time(service, (headers) =>
        service.get('/api/v1/analytics/realtime/events', { practice_id: PRACTICE }, headers),
      );
      rows.push([
        `realtime/events`,
        `${ms(result.p50)} ms`,
        `${ms(result.p95)} ms`,
        `${ms(result.p99)} ms`,
        `${ms(result.max)} ms`,
      ]);
    }
  } finally {
    await service.stop();
  }
  printTable(
    `Over HTTP, ${REPS} calls each after ${WARMUP} warm-up calls, one at a time (load average now ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; goal p95 < ${GOAL_P95_MS} ms)`,
    ['call', 'p50', 'p95', 'p99', 'max'],
    rows,
  );
  for (const [name, statements] of slow) {
    console.log(`\n--- ${name}`);
    await explain(url, statements);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
