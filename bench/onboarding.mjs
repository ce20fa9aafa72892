// `npm run bench:onboarding`: the public demo from a website address to `ready`, over a generated 30-page practice
// website on loopback (the crawl benchmark's site, bench/crawl.mjs --serve).
//
//   node bench/onboarding.mjs [--pages=30] [--demos=20] [--concurrent=4]
//
// 1. Recreates the database `pp_bench_onboarding` and applies the onboarding migrations; starts the built
//    onboarding service as `npm start` runs it (ROLE all: the API and the `crawl` queue's worker in one process),
//    the site's host:port in CRAWL_ALLOWED_HOSTS, the demo limits off.
// 2. Starts --demos demos of the site one after another (`fresh: true`: each a full crawl and extraction), then
//    the same number --concurrent at a time, each timed from the start call to the first status poll (every
//    100 ms) that answers `ready`; checks each read every page and extracted the practice's name.
// 3. Prints p50/p95/max for both, and the onboarding process's CPU per demo (from /proc).
// Needs `npm run build` and `npm run infra:up` (PostgreSQL, Redis, Kafka). Not part of `npm test`.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startBuiltService } from './lib/built-service.mjs';
import { quantile } from './lib/measure.mjs';
import { BENCH_SERVER, databaseOn, runScript, throwawayKey, withClient } from './lib/support.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const PAGES = Number(args.pages ?? 30);
const DEMOS = Number(args.demos ?? 20);
const CONCURRENT = Number(args.concurrent ?? 4);
const DATABASE = 'pp_bench_onboarding';
const PORT = 18_684;

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main() {
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const site = fork(join(ROOT, 'bench/crawl.mjs'), ['--serve', `--pages=${PAGES}`], { stdio: 'inherit' });
  const { port: sitePort, pages, bytes } = await new Promise((resolve) => site.once('message', resolve));
  const siteUrl = `http://127.0.0.1:${sitePort}/`;
  console.log(`Site: ${pages} pages, ${(bytes / 1024).toFixed(0)} KiB of HTML, ${siteUrl}`);

  await withClient(BENCH_SERVER, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const databaseUrl = databaseOn(BENCH_SERVER, DATABASE);
  await runScript(ROOT, 'services/onboarding/dist/database/migrate.js', {
    ...process.env,
    DATABASE_URL: databaseUrl,
    INTERNAL_IDENTITY_PUBLIC_KEY: throwawayKey(),
  });
  const service = await startBuiltService(ROOT, 'onboarding', {
    databaseUrl,
    port: PORT,
    practiceIds: [],
    env: {
      ROLE: 'all',
      CRAWL_ALLOWED_HOSTS: `127.0.0.1:${sitePort}`,
      DEMO_STARTS_PER_HOUR: '0',
      DEMO_FRESH_PER_SITE_PER_HOUR: '0',
    },
  });
  const base = `http://127.0.0.1:${PORT}/api/v1/onboarding`;

  /** One demo, from the start call to `ready`: its time in ms. */
  async function demo() {
    const started = performance.now();
    const response = await fetch(`${base}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ website_url: siteUrl, fresh: true }),
    });
    if (response.status !== 201) throw new Error(`start → ${response.status}: ${await response.text()}`);
    const { demo_session_id: id } = await response.json();
    for (;;) {
      const status = await (await fetch(`${base}/session/${id}/status`)).json();
      if (status.status === 'ready') {
        const elapsed = performance.now() - started;
        if (status.progress.pages_processed < PAGES || !status.extracted_data?.practice_name) {
          throw new Error(
            `demo ${id}: ${JSON.stringify(status.progress)}, ${JSON.stringify(status.extracted_data)}`,
          );
        }
        return elapsed;
      }
      if (status.status === 'failed') throw new Error(`demo ${id} failed: ${status.error_message}`);
      await sleep(100);
    }
  }

  const report = (title, times, cpu, count) => {
    const sorted = [...times].sort((a, b) => a - b);
    const s = (value) => `${(value / 1000).toFixed(2)} s`;
    console.log(
      `${title}: p50 ${s(quantile(sorted, 0.5))}, p95 ${s(quantile(sorted, 0.95))}, max ${s(sorted.at(-1))} (${count} demos; onboarding CPU ${((cpu / count) * 1000).toFixed(0)} ms a demo)`,
    );
  };

  try {
    await demo(); // warm-up: the first crawl loads the parsers
    let cpu = cpuSeconds(service.pid);
    const one = [];
    for (let i = 0; i < DEMOS; i++) one.push(await demo());
    report('one at a time', one, cpuSeconds(service.pid) - cpu, DEMOS);
    cpu = cpuSeconds(service.pid);
    const together = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (next < DEMOS) {
          next += 1;
          together.push(await demo());
        }
      }),
    );
    report(`${CONCURRENT} at a time`, together, cpuSeconds(service.pid) - cpu, DEMOS);
    console.log(`load average ${loadavg()[0].toFixed(1)} (goal: p95 under 20 s)`);
  } finally {
    await service.stop();
    site.send('stop');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
