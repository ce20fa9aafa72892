// `npm run bench:speed-to-lead`: 1,000 website forms in a burst through the public tracking ingress, to the
// full_auto demo practice (Lakeview Plastic Surgery), on the whole stack (gateway → analytics → Kafka → people's
// intake → the AI engine's outreach jobs → the sandbox channel). Prints p50/p95/p99 of each lead's
// speed_to_lead_seconds (form received → first message sent) as people stored it, and the median of each stage
// (intake, analyze, action, send) from people's tables. Finishes when every bench lead has its speed to lead, or at
// the deadline (--deadline=<seconds>, default 900), naming the leads still without one. See bench/README.md.
import { randomUUID } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { dropDatabase, ensureDatabase, KAFKA_BROKERS, REDIS_URL } from '../deploy/local/infra.mjs';
import { migrateAll } from '../deploy/local/migrate.mjs';
import { seedAll } from '../deploy/local/seed.mjs';
import { startStack } from '../deploy/local/stack.mjs';
import { cpuBetween, readCpu } from './cpu.mjs';
import { BENCH_TOPIC_PREFIX } from './lib/built-service.mjs';
import { ROOT } from '../deploy/local/workspace.mjs';
import { databaseConsumerGroup } from '../libs/platform/dist/kafka/consumer-group.js';
import { TopicNames } from '../libs/platform/dist/kafka/kafka-options.js';
import { limitCpu } from './lib/cpu-limit.mjs';
import { option } from './lib/support.mjs';

const FORMS = Number(option('forms', 1000));
const CONCURRENCY = Number(option('concurrency', 50));
const PORT = Number(option('port', 18480));
const DATABASE = 'pp_bench_speed';
const DEADLINE_SECONDS = Number(option('deadline', 900));
// People processes: the stack's (ROLE all) and, past one, more with ROLE worker beside it, as more worker pods
// (deploy/k8s): they share the engine's queues and the forms topic's consumer group (`npm run bench:scale-out`).
const PEOPLE_PROCESSES = Number(option('people-workers', 1));
// --people-cpu=<cores>: each people process held to that much CPU, as a worker pod's CPU limit holds it
// (bench/lib/cpu-limit.mjs); unset, they take what the machine has.
const PEOPLE_CPU = option('people-cpu', undefined) === undefined ? null : Number(option('people-cpu'));
const LAKEVIEW = '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a03';
// The demo seed's leads all have +1 <area> 555 xxxx on the practices' area codes (206, 425, 253, 214, …): a
// bench phone among them would update a seeded lead, which never gets a speed to lead. 509 and 360 are no
// seed area code, so every bench form makes a new lead.
const benchPhone = (i) => {
  const area = ['509', '360', '564'][Math.floor(i / 9000)];
  if (!area) throw new Error('at most 27,000 forms');
  return `${area}555${String(1000 + (i % 9000)).padStart(4, '0')}`;
};

const FIRST = ['Maria', 'James', 'Ana', 'Priya', 'Lucas', 'Emily', 'Sofia', 'Daniel', 'Grace', 'Omar'];
const LAST = ['Garcia', 'Nguyen', 'Smith', 'Patel', 'Johnson', 'Lopez', 'Kim', 'Brown', 'Davis', 'Martin'];
// Website forms as a practice receives them: mostly prices, bookings and questions, some in Spanish, a few long,
// a few that a person must see (a symptom, a minor, a complaint, a pregnancy: escalated, so no first message and
// no speed to lead; the bench counts them apart). Since 2026-11-28 (twenty of them; five short ones before): the learned reader's screen (ADR 0034) reads a plain question without the sentence model,
// so a bench of plain questions alone would flatter it.
const MESSAGES = [
  'Hi, how much is a tummy tuck? I had two kids and want to know about recovery time.',
  'Interested in breast augmentation, what are your prices and do you offer financing?',
  'Can I book a consultation for a rhinoplasty next week?',
  'Hola, quisiera información sobre la liposucción y el precio.',
  'Looking into a mommy makeover, when is your next available consult?',
  'Do you take Care Credit? Thinking about lipo on my stomach and flanks sometime in the spring.',
  'hi!! how long is the downtime for a facelift, i have a wedding in june and want to look normal by then',
  'What does a BBL cost all in, with anesthesia and the garment? And how many weeks before I can sit?',
  'Me gustaría agendar una valoración para abdominoplastia, trabajo entre semana, ¿tienen sábados?',
  'Is the consultation free? I would like to talk about a breast lift with or without implants.',
  'I had implants put in 12 years ago somewhere else and I am thinking about having them out. Is that something your surgeons do, and roughly what does it run?',
  'Can I come in Thursday after 5 for a consult about my eyelids? The upper lids are getting heavy.',
  'My nose surgery was 3 weeks ago and the left side is suddenly swollen and hot, is this normal?',
  'Hello, my daughter is 16 and wants a nose job, can we book a consult together?',
  'How much for liposuction of the chin and neck? Do you have any specials this month?',
  'I called twice yesterday and no one called me back. I want to schedule my tummy tuck, please call me.',
  '¿Cuánto cuesta el aumento de senos? ¿Aceptan pagos mensuales?',
  'Good morning, who would be my surgeon for a mommy makeover and how long have they been doing it?',
  'im 7 months pregnant, can i book a consult for after the baby for a tummy tuck',
  'Looking for pricing on arm lift and thigh lift, I lost 90 lbs and have loose skin.',
];

// A burst is measured on a running stack, not on one finishing its start: each service keeps compiling and
// loading (modules, the sentence model, consumer groups joining) for several seconds after it first answers, and
// on two cores that work would compete with the burst. Waits until a second passes in which the whole stack (the
// services, Kafka, PostgreSQL, Redis) spends under 15 % of a core, at most SETTLE_LIMIT_SECONDS.
const SETTLE_LIMIT_SECONDS = Number(option('settle', 30));
async function settle(pids) {
  const total = (reading) =>
    Object.entries(reading).reduce((sum, [name, s]) => (name.includes('#') ? sum : sum + s), 0);
  const start = Date.now();
  let before = total(readCpu(pids()));
  let last = Infinity;
  while (Date.now() - start < SETTLE_LIMIT_SECONDS * 1000) {
    await sleep(1000);
    const now = total(readCpu(pids()));
    last = now - before;
    if (last < 0.15) break;
    before = now;
  }
  return `${((Date.now() - start) / 1000).toFixed(1)} s (the last second: ${Math.round(last * 100)} % of a core)`;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  await dropDatabase(DATABASE);
  const env = {
    DATABASE_URL: await ensureDatabase(DATABASE),
    REDIS_URL: `${REDIS_URL.replace(/\/\d*$/, '')}/9`,
    LOG_LEVEL: 'warn',
    TRACKING_RATE_LIMIT_PER_IP: '0',
    TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
    // Topics of its own: the burst's 1,000 Lakeview forms never reach the developer's `npm start` (same practice
    // ids, same broker), and nothing published there reaches the bench.
    KAFKA_TOPIC_PREFIX: BENCH_TOPIC_PREFIX,
  };
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  // people's consumer group is named after the database, so it is the same on every run: forms of an earlier,
  // interrupted run would be taken in during this one (their CPU counted in this one's). The group starts at the
  // topic's end instead.
  const kafka = new Kafka({
    brokers: KAFKA_BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const forms = `${BENCH_TOPIC_PREFIX}tracking.forms`;
    await admin.createTopics({ topics: [{ topic: forms }], waitForLeaders: true });
    // The bench stack's groups carry its prefix too (libs/platform's TopicNames).
    const groupId = new TopicNames(BENCH_TOPIC_PREFIX).consumerGroup(
      databaseConsumerGroup('people', env.DATABASE_URL),
    );
    await admin.resetOffsets({ groupId, topic: forms });
  } finally {
    await admin.disconnect();
  }
  await migrateAll({ ...process.env, ...env });
  await seedAll({ ...process.env, ...env });
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const { rows } = await db.query(`SELECT "site_key" FROM "gateway"."practices" WHERE "practice_id" = $1`, [
    LAKEVIEW,
  ]);
  const siteKey = rows[0].site_key;

  const stack = await startStack({
    gatewayPort: PORT,
    env,
    logDir: join(ROOT, 'deploy/local/.run/bench-logs'),
    extra: Array.from({ length: PEOPLE_PROCESSES - 1 }, (_, i) => ({
      name: `people-worker-${i + 2}`,
      service: 'people',
      port: PORT + 40 + i,
      env: { ROLE: 'worker', DB_POOL_MAX: '16' },
    })),
  });
  let unlimit = () => undefined;
  try {
    if (PEOPLE_CPU !== null)
      unlimit = limitCpu(
        Object.fromEntries(Object.entries(stack.pids()).filter(([name]) => name.startsWith('people'))),
        PEOPLE_CPU,
      );
    // The practice's read models (site key, automation level) reach analytics and people through Kafka.
    const run = randomUUID().slice(0, 8);
    const submit = async (i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const body = {
        site_key: siteKey,
        events: [
          {
            event_id: randomUUID(),
            type: 'form',
            visitor_id: randomUUID(),
            session_id: randomUUID(),
            url: 'https://www.lakeviewplasticsurgery.example/contact',
            title: 'Contact us',
            referrer: 'https://www.google.com/',
            occurred_at: new Date().toISOString(),
            fields: {
              name: `${first} ${last}`,
              email: `bench-${run}-${i}@example.com`,
              phone: benchPhone(i),
              message: MESSAGES[i % MESSAGES.length],
            },
          },
        ],
      };
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${stack.url}/api/v1/tracking/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (response.status === 202) return;
        if (attempt > 600) throw new Error(`ingress answered ${response.status}: ${await response.text()}`);
        await sleep(100); // 404 until analytics has learnt the site key (up to a minute on a busy machine)
      }
    };
    // Wait until the ingress knows the site key, outside the burst.
    await submit(FORMS);
    const settled = await settle(() => stack.pids());
    console.log(
      `stack ready and settled in ${settled}; people processes ${PEOPLE_PROCESSES}` +
        `${PEOPLE_CPU === null ? '' : `, each held to ${PEOPLE_CPU} of a core`}; ` +
        `posting ${FORMS} forms, ${CONCURRENCY} at a time`,
    );
    const cpuAtStart = readCpu(stack.pids());
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < FORMS) await submit(next++);
      }),
    );
    const accepted = Date.now() - started;
    console.log(`${FORMS} forms accepted by the ingress in ${(accepted / 1000).toFixed(2)} s`);

    // The bench's leads: the marker form (index FORMS) and the burst.
    const expected = FORMS + 1;
    const deadline = Date.now() + DEADLINE_SECONDS * 1000;
    const progress = () =>
      db
        .query(
          `SELECT count(*)::int AS "leads",
                  count(*) FILTER (WHERE "speed_to_lead_seconds" IS NOT NULL OR "pending_review_type" IS NOT NULL)::int AS "done",
                  count(*) FILTER (WHERE "pending_review_type" IS NOT NULL)::int AS "held"
             FROM "people"."persons" WHERE "practice_id" = $1 AND "primary_email" LIKE $2`,
          [LAKEVIEW, `bench-${run}-%`],
        )
        .then((result) => result.rows[0]);
    let state = await progress();
    let reported = Date.now();
    while (state.done < expected && Date.now() < deadline) {
      await sleep(250);
      state = await progress();
      if (Date.now() - reported > 10_000) {
        reported = Date.now();
        console.log(`… ${state.leads} leads, ${state.done} answered or handed to staff`);
      }
    }
    const finished = (Date.now() - started) / 1000;
    const cpu = cpuBetween(cpuAtStart, readCpu(stack.pids()), FORMS, 'form');
    const { rows: leads } = await db.query(
      // Speed to lead counts a first message sent: a first message held for staff review sets
      // speed_to_lead_seconds too (the lead is answered by staff later), so it is counted with the handed over.
      `SELECT p."primary_email" AS "email",
              CASE WHEN EXISTS (SELECT 1 FROM "people"."events" e WHERE e."person_id" = p."person_id"
                                  AND e."event_type" IN ('sms_sent', 'email_sent'))
                   THEN p."speed_to_lead_seconds" END AS "s",
              p."pending_review_type" IS NOT NULL AS "held"
         FROM "people"."persons" p WHERE p."practice_id" = $1 AND p."primary_email" LIKE $2`,
      [LAKEVIEW, `bench-${run}-%`],
    );
    const channels = await db.query(
      `SELECT e."event_type", count(*)::int AS n FROM "people"."events" e
         JOIN "people"."persons" p ON p."person_id" = e."person_id"
        WHERE p."practice_id" = $1 AND p."primary_email" LIKE $2
          AND e."event_type" IN ('sms_sent', 'email_sent', 'pending_review')
        GROUP BY 1 ORDER BY 1`,
      [LAKEVIEW, `bench-${run}-%`],
    );
    const sorted = leads
      .filter((lead) => lead.s !== null)
      .map((lead) => Number(lead.s))
      .sort((a, b) => a - b);
    console.log(
      `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; forms ${expected} ` +
        `(the burst and the first one); leads created ${leads.length}, with speed to lead ${sorted.length}, ` +
        `handed to staff (escalated or held for review, no first message) ${state.held}, ` +
        `all within ${finished.toFixed(1)} s of the burst's start (${(state.done / finished).toFixed(1)} leads a second); first outreach: ` +
        `${channels.rows.map((r) => `${r.event_type} ${r.n}`).join(', ')}`,
    );
    if (state.done < expected) {
      const emails = new Set(leads.map((lead) => lead.email));
      const missing = Array.from({ length: expected }, (_, i) => `bench-${run}-${i}@example.com`).filter(
        (email) => !emails.has(email),
      );
      const waiting = leads.filter((lead) => lead.s === null && !lead.held).map((lead) => lead.email);
      console.log(
        `NOT DONE within ${DEADLINE_SECONDS} s: ${missing.length} form(s) made no lead, ` +
          `${waiting.length} lead(s) have no speed to lead` +
          `${[...missing, ...waiting].length ? `: ${[...missing, ...waiting].slice(0, 20).join(', ')}` : ''}`,
      );
    }
    if (sorted.length === 0) throw new Error('no lead got a first outreach');
    const fmt = (v) => `${v.toFixed(2)} s`;
    console.log(
      `speed to lead: p50 ${fmt(percentile(sorted, 50))}, p95 ${fmt(percentile(sorted, 95))}, ` +
        `p99 ${fmt(percentile(sorted, 99))}, max ${fmt(sorted.at(-1))} (goal: p95 under 5 s)`,
    );
    // Where the time goes, per lead, from people's tables: intake (ingress → the engine's analysis recorded;
    // of which "recorded": ingress → people's consumer kept the raw submission), analyze (analysis recorded →
    // its first-contact action planned), action (action planned → its send recorded), send (send recorded →
    // sent by the sandbox transport).
    const { rows: stages } = await db.query(
      `SELECT
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM f."created_at" - f."received_at")) AS "recorded",
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a."created_at" - f."received_at")) AS "intake",
         max(extract(epoch FROM a."created_at" - f."received_at")) AS "intake_max",
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM x."created_at" - a."created_at")) AS "analyze",
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM o."created_at" - x."created_at")) AS "action",
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM o."sent_at" - o."created_at")) AS "send"
       FROM "people"."persons" p
       JOIN "people"."form_submissions" f ON f."person_id" = p."person_id"
       JOIN "people"."engine_analyses" a ON a."trigger_event_id" = f."event_id"
       LEFT JOIN "people"."engine_actions" x ON x."trigger_event_id" = f."event_id" AND x."kind" = 'first_contact'
       LEFT JOIN "people"."outreach_sends" o ON o."idempotency_key" = 'engine:' || x."action_id"
       WHERE p."practice_id" = $1 AND p."primary_email" LIKE $2`,
      [LAKEVIEW, `bench-${run}-%`],
    );
    const median = (v) => (v === null ? 'n/a' : fmt(Number(v)));
    console.log(
      `stage medians: intake ${median(stages[0].intake)} (raw submission recorded ${median(stages[0].recorded)}; ` +
        `intake max ${median(stages[0].intake_max)}), analyze ${median(stages[0].analyze)}, ` +
        `action ${median(stages[0].action)}, send ${median(stages[0].send)}`,
    );
    console.log(`CPU from the burst's start until every lead had its speed to lead: ${cpu}`);
  } finally {
    await stack.stop();
    unlimit();
    await db.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
