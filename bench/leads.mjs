// `npm run bench:leads`: the leads list and search at one million leads in one practice.
//
//   node bench/leads.mjs [--reuse] [--reps=30] [--warmup=5] [--port=18181] [--explain]
//
// 1. (Re)creates the database pp_bench on the local PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL's server),
//    applies the people migrations and loads 1,000,000 leads in one practice and 50,000 in another
//    (INSERT … SELECT generate_series), then VACUUM ANALYZE. --reuse keeps a database that is already loaded.
// 2. Starts the built people service (services/people/dist/main.js) on it and signs internal identity tokens.
// 3. Measures keyset against OFFSET at SQL level, list pages, filters, stats and search over HTTP, and
//    prints median and 95th percentile in ms. Needs `npm run build` first, and Kafka and Redis up
//    (`npm run infra:up`) because the service connects to them. Not part of `npm test`.
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import { databaseUrl, isLoaded, loadLeads, migrate, recreateDatabase } from './lib/load-leads.mjs';
import { ms, printTable } from './lib/measure.mjs';
import { startBuiltService } from './lib/built-service.mjs';
import { http, keyAtDepth, keysetAgainstOffset, keysetSql, offsetSql } from './lib/scenarios.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const opts = { warmup: Number(args.warmup ?? 5), reps: Number(args.reps ?? 30) };
const DATABASE = 'pp_bench';
const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG = { id: 'b0000000-0000-4000-8000-000000000001', leads: Number(args.leads ?? 1_000_000) };
const SMALL = { id: 'b0000000-0000-4000-8000-000000000002', leads: 50_000 };
const DEPTHS = [1_000, 10_000, 100_000, 900_000].filter((d) => d < BIG.leads);

function built(path) {
  const file = join(ROOT, path);
  if (!existsSync(file)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return require(file);
}

async function main() {
  const { encodeCursor } = built('services/people/dist/persons/list/list-cursor.js');
  const { personColumnsSql } = built('services/people/dist/persons/person-dto.js');
  const { planSearch } = built('services/people/dist/persons/search/search-plan.js');
  const { CONTAINS_SQL, PREFIX_SQL } = built('services/people/dist/persons/search/search-sql.js');
  const url = databaseUrl(SERVER, DATABASE);
  const practices = [BIG, SMALL];
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );

  let load = null;
  if (args.reuse && (await isLoaded(SERVER, DATABASE, practices))) {
    console.log(
      `Reusing ${DATABASE} (${BIG.leads.toLocaleString('en-US')} + ${SMALL.leads.toLocaleString('en-US')} leads)`,
    );
    await migrate(ROOT, url);
  } else {
    console.log(
      `Creating ${DATABASE} and loading ${(BIG.leads + SMALL.leads).toLocaleString('en-US')} leads...`,
    );
    const started = Date.now();
    await recreateDatabase(SERVER, DATABASE);
    await migrate(ROOT, url);
    load = await loadLeads(url, practices, Date.now(), (line) => console.log(line));
    load.total = Date.now() - started;
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const svc = await startBuiltService(ROOT, 'people', {
    databaseUrl: url,
    port: Number(args.port ?? 18181),
    practiceIds: [BIG.id, SMALL.id],
  });
  const results = {};
  try {
    const { rows: settings } = await client.query(
      `SELECT version() AS version, current_setting('shared_buffers') AS shared_buffers,
              current_setting('work_mem') AS work_mem`,
    );
    console.log(
      `PostgreSQL: ${settings[0].version.split(',')[0]}, shared_buffers ${settings[0].shared_buffers}, work_mem ${settings[0].work_mem}`,
    );

    console.log('\nKeyset against OFFSET (SQL, one connection, same page):');
    const columns = personColumnsSql('p');
    results.sql = await keysetAgainstOffset(client, BIG.id, DEPTHS, columns, opts);

    console.log('\nThe people API over HTTP:');
    const list = '/api/v1/people/';
    const pageCheck = (expectedFirst) => (body) =>
      body.items.length === 50 && (!expectedFirst || body.items[0].person_id === expectedFirst);
    const pages = [
      await http(svc, 'list page 1', list, { practice_id: BIG.id, limit: 50 }, opts, pageCheck()),
    ];
    for (const row of results.sql) {
      const after = encodeCursor(row.key);
      const { rows } = await client.query(keysetSql(columns), [BIG.id, row.key.createdAt, row.key.personId]);
      pages.push(
        await http(
          svc,
          `list page at ${row.depth.toLocaleString('en-US')}`,
          list,
          { practice_id: BIG.id, limit: 50, after },
          opts,
          pageCheck(rows[0].person_id),
        ),
      );
    }
    const stageDepth = Math.min(100_000, BIG.leads / 10);
    const stageKey = await keyAtDepth(client, BIG.id, stageDepth, { stage: 'Attempting Contact' });
    pages.push(
      await http(
        svc,
        `stage "attempting" at ${stageDepth.toLocaleString('en-US')}`,
        list,
        { practice_id: BIG.id, limit: 50, stage: 'attempting', after: encodeCursor(stageKey) },
        opts,
        (b) => b.items.length === 50 && b.items.every((p) => p.stage === 'Attempting Contact'),
      ),
    );
    const reviewDepth = Math.min(50_000, BIG.leads / 25);
    const reviewKey = await keyAtDepth(client, BIG.id, reviewDepth, { review: true });
    pages.push(
      await http(
        svc,
        `review filter at ${reviewDepth.toLocaleString('en-US')}`,
        list,
        { practice_id: BIG.id, limit: 50, pending_review: 'true', after: encodeCursor(reviewKey) },
        opts,
        (b) => b.items.length === 50 && b.items.every((p) => p.pending_review_type !== null),
      ),
    );
    pages.push(
      await http(
        svc,
        `stats (${BIG.leads.toLocaleString('en-US')} leads)`,
        '/api/v1/people/stats',
        { practice_id: BIG.id },
        opts,
        (b) => b.total === BIG.leads,
      ),
    );
    pages.push(
      await http(
        svc,
        'stats (50,000 leads)',
        '/api/v1/people/stats',
        { practice_id: SMALL.id },
        opts,
        (b) => b.total === SMALL.leads,
      ),
    );
    results.http = pages;

    // Search terms taken from real rows, so each finds what a user would look for.
    const {
      rows: [sample],
    } = await client.query(
      `SELECT "primary_email", "primary_phone" FROM "people"."persons" WHERE "person_id" = md5($1 || ':' || $2)::uuid`,
      [BIG.id, Math.floor(BIG.leads * 0.4242)],
    );
    const local = sample.primary_email.split('@')[0];
    const terms = [
      ['2 characters', 'ma'],
      ['first name', 'sofia'],
      ['last-name fragment', 'kowal'],
      ['email fragment', local.slice(local.indexOf('.') + 1, local.indexOf('.') + 10)],
      ['phone digits', sample.primary_phone.slice(5, 12)],
      ['no match', 'zzqxj'],
    ];
    results.search = [];
    for (const [what, q] of terms) {
      for (const practice of [BIG, SMALL]) {
        const label = `search ${what} "${q}"${practice === SMALL ? ' (50,000)' : ''}`;
        const expectSome = what !== 'no match' && practice === BIG;
        const row = await http(
          svc,
          label,
          '/api/v1/people/search',
          { practice_id: practice.id, q, limit: 5 },
          opts,
          (b) =>
            Array.isArray(b) && (expectSome ? b.length > 0 : what === 'no match' ? b.length === 0 : true),
        );
        results.search.push({ ...row, q, practice, count: row.result.length });
      }
    }

    printTable(
      `Keyset against OFFSET, 50-row page, ${BIG.leads.toLocaleString('en-US')} leads in the practice (SQL; ${opts.reps} runs after ${opts.warmup} warm-up; OFFSET at 100,000+ 7 runs after 1)`,
      ['depth', 'keyset median', 'keyset p95', 'OFFSET median', 'OFFSET p95', 'OFFSET / keyset'],
      results.sql.map((r) => [
        r.depth.toLocaleString('en-US'),
        ms(r.keyset.median),
        ms(r.keyset.p95),
        ms(r.offset.median),
        ms(r.offset.p95),
        `${(r.offset.median / r.keyset.median).toFixed(0)}×`,
      ]),
    );
    printTable(
      `People API over HTTP (${opts.reps} runs after ${opts.warmup} warm-up)`,
      ['call', 'median ms', 'p95 ms'],
      results.http.map((r) => [r.label, ms(r.median), ms(r.p95)]),
    );
    printTable(
      'Search over HTTP (limit 5)',
      ['query', 'results', 'median ms', 'p95 ms'],
      results.search.map((r) => [r.label, r.count, ms(r.median), ms(r.p95)]),
    );
    if (load) {
      console.log(
        `\nLoad: insert ${(load.insert / 1000).toFixed(1)} s, indexes ${(load.indexes / 1000).toFixed(1)} s, VACUUM ANALYZE ${(load.vacuum / 1000).toFixed(1)} s; total with migrations ${(load.total / 1000).toFixed(1)} s; table ${load.size.heap} (with indexes ${load.size.total})`,
      );
    }

    // The plans behind anything slow (or everything with --explain), for whoever tunes the query.
    const slow = (r, limit) => args.explain || r.median > limit;
    for (const r of results.search.filter((s) => slow(s, 50))) {
      const plan = planSearch(r.q);
      if (plan.kind === 'none') continue;
      const [sql, params] =
        plan.kind === 'prefix'
          ? [PREFIX_SQL, [r.practice.id, plan.key, 5]]
          : [CONTAINS_SQL, [r.practice.id, plan.pattern, 5]];
      await explain(client, `${r.label}: ${ms(r.median)} ms median`, sql, params);
    }
    for (const r of results.http.filter((h) => h.label.startsWith('stats') && slow(h, 50))) {
      const id = r.label.includes('50,000') ? SMALL.id : BIG.id;
      await explain(
        client,
        `${r.label}: ${ms(r.median)} ms median (the query of LeadListService.stats)`,
        `SELECT "stage", sum("total")::int AS "total", sum("review")::int AS "review"
           FROM "people"."lead_counts" WHERE "practice_id" = $1 GROUP BY "stage"`,
        [id],
      );
    }
    if (args.explain) {
      const deep = results.sql[results.sql.length - 1];
      await explain(client, `keyset at ${deep.depth}`, keysetSql(columns), [
        BIG.id,
        deep.key.createdAt,
        deep.key.personId,
      ]);
      await explain(client, `OFFSET ${deep.depth}`, offsetSql(columns), [BIG.id, deep.depth]);
    }
  } finally {
    await svc.stop();
    await client.end();
  }
}

async function explain(client, title, sql, params) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  console.log(
    `\nEXPLAIN ANALYZE — ${title}\n${sql}\nparams: ${JSON.stringify(params)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
