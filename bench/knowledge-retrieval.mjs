// `npm run bench:knowledge`: knowledge retrieval (POST /api/v1/practices/{id}/knowledge/search) at 10,000 chunks.
//
//   node bench/knowledge-retrieval.mjs [--reuse] [--chunks=10000] [--passes=2] [--port=18185]
//
// 1. (Re)creates the database pp_bench_knowledge on the local PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL's
//    server), applies the knowledge migrations, and loads one practice with the Glow Aesthetics demo pages plus
//    synthetic med-spa pages up to --chunks chunks (treatments, prices, policies, locations), and another
//    practice with as many chunks of dental and surgery text (noise the search must never return), then
//    VACUUM ANALYZE. --reuse keeps a database that is already loaded.
// 2. Starts the built knowledge service (services/knowledge/dist/main.js, ROLE=api) on it and signs internal
//    identity tokens as the gateway does.
// 3. Asks 200 realistic visitor questions, --passes times each, one after another: p50/p95 of the HTTP call
//    and of the retrieval SQL alone (the same statement through pg). Needs `npm run build`, and Kafka and
//    Redis up (`npm run infra:up`) because the service connects to them. Not part of `npm test`.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBuiltService } from './lib/built-service.mjs';
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
const require = createRequire(join(ROOT, 'package.json'));
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const DATABASE = 'pp_bench_knowledge';
const SERVER = BENCH_SERVER;
const built = (path) => builtModule(ROOT, path);
const databaseUrl = (database) => databaseOn(SERVER, database);
const run = (script, env) => runScript(ROOT, script, env);
const CHUNKS = Number(args.chunks ?? 10_000);
const PASSES = Number(args.passes ?? 2);
const BIG = 'c0000000-0000-4000-8000-000000000001';
const NOISE = 'c0000000-0000-4000-8000-000000000002';
const SITE = 'https://www.glowaesthetics.example';

// --- synthetic pages --------------------------------------------------------------------------------------

const TREATMENTS = [
  ['Botox', 'neurotoxin', 'per unit', 12, 16],
  ['Dysport', 'neurotoxin', 'per unit', 4, 6],
  ['Xeomin', 'neurotoxin', 'per unit', 10, 14],
  ['Juvederm Ultra lip filler', 'filler', 'per syringe', 600, 800],
  ['Restylane Lyft cheek filler', 'filler', 'per syringe', 700, 900],
  ['Sculptra', 'biostimulator', 'per vial', 800, 950],
  ['Kybella', 'fat dissolving injection', 'per vial', 550, 700],
  ['HydraFacial', 'facial', 'per session', 179, 279],
  ['chemical peel', 'peel', 'per session', 120, 300],
  ['RF microneedling', 'microneedling', 'per session', 400, 650],
  ['laser hair removal', 'laser', 'per session', 99, 399],
  ['IPL photofacial', 'laser', 'per session', 300, 450],
  ['CoolSculpting', 'body contouring', 'per cycle', 700, 900],
  ['Morpheus8', 'microneedling', 'per session', 900, 1200],
  ['PRP hair restoration', 'hair', 'per session', 600, 900],
  ['tattoo removal', 'laser', 'per session', 150, 400],
  ['dermaplaning', 'facial', 'per session', 90, 140],
  ['IV vitamin therapy', 'wellness', 'per infusion', 150, 250],
  ['semaglutide weight loss', 'wellness', 'per month', 299, 499],
  ['lash lift', 'beauty', 'per session', 85, 120],
];
const AREAS = [
  'forehead',
  'crow’s feet',
  'frown lines',
  'lips',
  'cheeks',
  'jawline',
  'under-eyes',
  'neck',
  'abdomen',
  'thighs',
];
const CITIES = ['Dallas', 'Plano', 'Frisco', 'Irving', 'Richardson', 'Allen', 'McKinney', 'Addison'];
const TOPICS = [
  (t, n) =>
    `${t[0]} pricing\n${t[0]} costs $${t[3] + (n % 4)} to $${t[4]} ${t[2]} at our ${CITIES[n % CITIES.length]} studio. Package pricing saves ${10 + (n % 3) * 5}% when you prepay three sessions.`,
  (t, n) =>
    `What to expect from ${t[0]}\nA ${t[1]} treatment of the ${AREAS[n % AREAS.length]} takes ${15 + (n % 4) * 15} minutes. Most clients see results within ${2 + (n % 5)} weeks and results last ${3 + (n % 9)} months.`,
  (t, n) =>
    `${t[0]} downtime and aftercare\nExpect mild redness or swelling for ${1 + (n % 3)} days. Avoid exercise, saunas and alcohol for 24 hours, and wear SPF ${30 + (n % 3) * 10} daily.`,
  (t, n) =>
    `Is ${t[0]} right for me?\nGood candidates are healthy adults who want to improve the ${AREAS[(n + 3) % AREAS.length]}. ${t[0]} is not recommended during pregnancy or while breastfeeding.`,
  (t, n) =>
    `${t[0]} before and after\nOur ${CITIES[(n + 2) % CITIES.length]} injectors have performed more than ${200 + n} ${t[1]} treatments. See real patient photos in our gallery.`,
  (t, n) =>
    `Booking ${t[0]}\nBook a complimentary consultation online or call the front desk. New clients receive $${25 + (n % 4) * 25} off their first ${t[1]} treatment.`,
  (_t, n) =>
    `Our ${CITIES[n % CITIES.length]} team\nNurse injector ${['Maya', 'Jordan', 'Priya', 'Elena', 'Grace'][n % 5]} has ${3 + (n % 12)} years of experience in aesthetic medicine and advanced facial anatomy.`,
  (_t, n) =>
    `Event ${n}: ${['Botox party', 'skin care night', 'filler masterclass', 'VIP open house'][n % 4]}\nJoin us at the ${CITIES[n % CITIES.length]} studio for demos, raffles and event-only savings.`,
];

/** A synthetic page: one treatment, ten topic chunks (title, heading, text). */
function syntheticPage(n) {
  const t = TREATMENTS[n % TREATMENTS.length];
  const city = CITIES[Math.floor(n / TREATMENTS.length) % CITIES.length];
  const title = `${t[0]} in ${city} (${n}) | Glow Aesthetics`;
  const chunks = Array.from({ length: 10 }, (_, i) => {
    const [heading, text] = TOPICS[(n + i) % TOPICS.length](t, n + i).split('\n');
    return { heading, content: `${heading}\n${text}` };
  });
  return { url: `${SITE}/treatments/${n}`, title, chunks };
}

const NOISE_TEXT = [
  'Dental implants replace a missing tooth with a titanium post and a porcelain crown.',
  'Invisalign clear aligners straighten teeth in 12 to 18 months for most adults.',
  'Tummy tuck recovery takes two to three weeks before returning to desk work.',
  'Breast augmentation uses silicone or saline implants placed under general anesthesia.',
  'Parking for the dental office is in the public garage on Wrightwood Avenue.',
  'Botox for teeth grinding relaxes the masseter muscle and eases jaw pain.',
  'Our surgical suite is accredited and our anesthesiologists are board certified.',
  'Root canal therapy saves an infected tooth and usually takes one visit.',
];

async function load(url, log) {
  const { seedPracticePages } = built('services/knowledge/dist/knowledge/knowledge.seed.js');
  const { GLOW_AESTHETICS_PAGES } = built('services/knowledge/dist/knowledge/knowledge-demo-pages.js');
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = built('libs/platform/dist/index.js');
  const { knowledgeDatabase } = built('services/knowledge/dist/database/database.js');
  const dataSource = new DataSource(dataSourceOptions(url, 'bench-knowledge', knowledgeDatabase));
  await dataSource.initialize();
  try {
    await seedPracticePages(dataSource, BIG, SITE, GLOW_AESTHETICS_PAGES);
  } finally {
    await dataSource.destroy();
  }
  await withClient(url, async (c) => {
    const [{ rows }] = [
      await c.query(
        'SELECT count(*)::int AS n FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1',
        [BIG],
      ),
    ];
    const pages = Math.ceil((CHUNKS - rows[0].n) / 10);
    const insertPages = async (practiceId, list) => {
      for (let start = 0; start < list.length; start += 200) {
        const batch = list.slice(start, start + 200);
        const pageIds = batch.map(() => randomUUID());
        await c.query(
          `INSERT INTO "knowledge"."knowledge_pages"
             ("page_id", "practice_id", "source_url", "page_title", "content_hash", "status", "last_updated")
           SELECT id, $1, url, title, md5(url), 'ready', now() FROM unnest($2::uuid[], $3::text[], $4::text[]) AS t(id, url, title)`,
          [practiceId, pageIds, batch.map((p) => p.url), batch.map((p) => p.title)],
        );
        const rowsOf = batch.flatMap((page, i) =>
          page.chunks.map((chunk, position) => [
            randomUUID(),
            pageIds[i],
            page.url,
            position,
            page.title,
            chunk.heading,
            chunk.content,
          ]),
        );
        await c.query(
          `INSERT INTO "knowledge"."knowledge_chunks"
             ("chunk_id", "practice_id", "page_id", "source_url", "position", "page_title", "heading", "content")
           SELECT id, $1, page, url, pos, title, heading, content
             FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[])
               AS t(id, page, url, pos, title, heading, content)`,
          [practiceId, ...[0, 1, 2, 3, 4, 5, 6].map((k) => rowsOf.map((row) => row[k]))],
        );
      }
    };
    log(`loading ${pages * 10} synthetic chunks for the practice and ${CHUNKS} of noise...`);
    await insertPages(
      BIG,
      Array.from({ length: pages }, (_, n) => syntheticPage(n)),
    );
    await insertPages(
      NOISE,
      Array.from({ length: Math.ceil(CHUNKS / 10) }, (_, n) => ({
        url: `https://www.northsidedental.example/page/${n}`,
        title: `Northside Dental and Surgery ${n}`,
        chunks: Array.from({ length: 10 }, (_, i) => ({
          heading: 'Patient information',
          content: `${NOISE_TEXT[(n + i) % NOISE_TEXT.length]} ${NOISE_TEXT[(n + i + 3) % NOISE_TEXT.length]}`,
        })),
      })),
    );
    await c.query('VACUUM ANALYZE "knowledge"."knowledge_chunks"');
    await c.query('VACUUM ANALYZE "knowledge"."knowledge_pages"');
  });
}

async function isLoaded(url) {
  const exists = await withClient(
    databaseUrl('postgres'),
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount > 0,
  );
  if (!exists) return false;
  return withClient(url, async (c) => {
    const { rows } = await c
      .query('SELECT count(*)::int AS n FROM "knowledge"."knowledge_chunks" WHERE "practice_id" = $1', [BIG])
      .catch(() => ({ rows: [{ n: 0 }] }));
    return rows[0].n >= CHUNKS;
  });
}

// --- questions --------------------------------------------------------------------------------------------

function questions() {
  const fixed = [
    'Is there parking near your office?',
    'where do I park',
    'how much is botox',
    'What are your hours on Saturday?',
    'Are you open on Sundays?',
    'Do you take insurance?',
    'Can I pay monthly? Do you offer financing?',
    'What is your cancellation policy?',
    'Does Botox hurt?',
    'How long does lip filler last?',
    'What is the address of the Plano studio?',
    'Who founded Glow Aesthetics?',
    'Do you have any specials for new patients?',
    'Can I buy a gift card?',
    'Is there a membership?',
  ];
  const templates = [
    (t) => `How much is ${t}?`,
    (t) => `What does ${t} cost per session?`,
    (t) => `How long does ${t} last?`,
    (t) => `Is there downtime after ${t}?`,
    (t) => `Am I a good candidate for ${t}?`,
    (t) => `Do you offer ${t} in Frisco?`,
    (t) => `Can I book ${t} this week?`,
    (t) => `Does ${t} hurt and how long does the appointment take?`,
    (t) => `Any discounts on ${t} for first-time clients?`,
    (t) => `What should I avoid after ${t}?`,
  ];
  const list = [...fixed];
  for (let i = 0; list.length < 200; i++) {
    list.push(templates[i % templates.length](TREATMENTS[(i * 7) % TREATMENTS.length][0]));
  }
  return list;
}

// --- service ----------------------------------------------------------------------------------------------

async function startKnowledge(url, port) {
  const service = await startBuiltService(ROOT, 'knowledge', {
    databaseUrl: url,
    port,
    practiceIds: [BIG, NOISE],
  });
  return {
    headers: () => service.headers(),
    search: (headers, query) =>
      service.post(`/api/v1/practices/${BIG}/knowledge/search`, { query, limit: 5 }, headers),
    stop: () => service.stop(),
  };
}

async function timeAll(list, fn, prepare = async () => undefined) {
  for (const question of list.slice(0, 20)) await fn(await prepare(), question);
  const times = [];
  let last = new Map();
  for (let pass = 0; pass < PASSES; pass++) {
    for (const question of list) {
      const input = await prepare();
      const started = performance.now();
      const result = await fn(input, question);
      times.push(performance.now() - started);
      last.set(question, result);
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    max: times[times.length - 1],
    n: times.length,
    last,
  };
}

async function main() {
  const url = databaseUrl(DATABASE);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const migrateEnv = {
    INTERNAL_IDENTITY_PUBLIC_KEY: throwawayKey(),
    ...process.env,
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
  };
  if (args.reuse && (await isLoaded(url))) {
    console.log(`Reusing ${DATABASE}`);
    await run('services/knowledge/dist/database/migrate.js', migrateEnv);
  } else {
    await withClient(databaseUrl('postgres'), async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${DATABASE}"`);
    });
    await run('services/knowledge/dist/database/migrate.js', migrateEnv);
    const started = Date.now();
    await load(url, (line) => console.log(line));
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const counts = await withClient(
    url,
    async (c) =>
      (
        await c.query(
          `SELECT "practice_id", count(*)::int AS n FROM "knowledge"."knowledge_chunks" GROUP BY 1 ORDER BY 1`,
        )
      ).rows,
  );
  console.log(
    `chunks: ${counts.map((row) => `${row.practice_id === BIG ? 'practice' : 'noise'} ${row.n}`).join(', ')}`,
  );

  const { KNOWLEDGE_SEARCH_SQL } = built('services/knowledge/dist/knowledge/knowledge-search.service.js');
  const { questionText, relatedWords } = built('libs/ai/dist/retrieval/search-query.js');
  const list = questions();
  const svc = await startKnowledge(url, Number(args.port ?? 18185));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const http = await timeAll(
      list,
      (headers, question) => svc.search(headers, question),
      () => svc.headers(),
    );
    const sql = await timeAll(
      list,
      async (_, question) =>
        (await client.query(KNOWLEDGE_SEARCH_SQL, [BIG, questionText(question), 5, relatedWords(question)]))
          .rows,
    );
    printTable(
      `Knowledge retrieval, ${counts.find((row) => row.practice_id === BIG)?.n} chunks in the practice, ${list.length} questions × ${PASSES} passes`,
      ['call', 'p50', 'p95', 'max', 'samples'],
      [
        [
          'POST …/knowledge/search over HTTP',
          `${ms(http.p50)} ms`,
          `${ms(http.p95)} ms`,
          `${ms(http.max)} ms`,
          http.n,
        ],
        ['retrieval SQL alone', `${ms(sql.p50)} ms`, `${ms(sql.p95)} ms`, `${ms(sql.max)} ms`, sql.n],
      ],
    );
    const leaked = [...http.last.values()].some((body) =>
      body.results.some((r) => !r.source_url.startsWith(SITE)),
    );
    console.log(`\nanswers from the noise practice: ${leaked ? 'YES (defect)' : 'none'}`);
    for (const question of list.slice(0, 4)) {
      const top = http.last.get(question).results[0];
      console.log(`"${question}" → ${top ? top.content.replace(/\s+/g, ' ').slice(0, 90) : '(nothing)'}`);
    }
  } finally {
    await client.end();
    await svc.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
