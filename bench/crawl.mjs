// `npm run bench:crawl`: the crawler (@pp/crawler, built) over a generated 200-page practice website on loopback.
//
//   node bench/crawl.mjs [--pages=200] [--runs=5] [--warmup=1] [--concurrency=N]
//
// 1. Forks a child process that serves a generated med spa website on 127.0.0.1 (node:http, one process, as a
//    small practice host would): --pages pages of about 10–30 KB each (header navigation, several sections of
//    text, a price table, footer boilerplate, inline CSS and scripts, JSON-LD on the home page), 6–12 links from
//    each page to others, robots.txt and a sitemap.xml listing every page.
// 2. Crawls it with the built library (libs/crawler/dist) at its default concurrency (4) and defaults except
//    maxPages (raised to the page count so the whole site is read), the site's host:port in allowedHosts as
//    CRAWL_ALLOWED_HOSTS would list it. Warm-up run(s) first, then --runs timed runs one after another.
// 3. Prints per run and the median: pages/s, total time, KB read; checks every run read every page with no
//    failure. Needs `npm run build` first. Not part of `npm test`.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { quantile } from './lib/measure.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? true];
  }),
);
const PAGES = Number(args.pages ?? 200);
const RUNS = Number(args.runs ?? 5);
const WARMUP = Number(args.warmup ?? 1);

// ---- the generated website (served by the child process) ----

/** Deterministic pseudo-random numbers (mulberry32), so every run serves the same site. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TREATMENTS = [
  'Botox',
  'Dysport',
  'Xeomin',
  'Juvederm lip filler',
  'Restylane cheek filler',
  'Sculptra',
  'Kybella',
  'laser hair removal',
  'IPL photofacial',
  'HydraFacial',
  'chemical peel',
  'microneedling with PRP',
  'CoolSculpting',
  'Morpheus8',
  'tattoo removal',
  'PDO thread lift',
  'medical-grade skincare',
  'semaglutide',
];
const SENTENCES = [
  'Every treatment plan starts with a consultation with one of our nurse injectors, who reviews your goals and medical history.',
  'Results usually appear within one to two weeks and last between three and twelve months depending on the area treated.',
  'Most patients return to work the same day; mild redness or swelling fades within forty-eight hours.',
  'Our medical director, a board-certified dermatologist, supervises every procedure performed in the clinic.',
  'We recommend avoiding strenuous exercise, alcohol and blood thinners for twenty-four hours after your appointment.',
  'Financing is available through CareCredit and Cherry, with twelve months at zero percent interest for qualified patients.',
  'Members of our loyalty program earn points on every treatment and receive early access to seasonal specials.',
  'Free validated parking is available beneath the building; take the Harbor Boulevard entrance and bring your ticket inside.',
  'Treatments are priced per unit or per syringe, and your injector will give you an exact quote before starting.',
  'Patients who are pregnant, nursing or taking certain antibiotics should wait before scheduling this treatment.',
];

function slug(i) {
  return i === 0
    ? '/'
    : `/${TREATMENTS[i % TREATMENTS.length].toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`;
}

function buildSite(count) {
  const rand = random(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const nav = Array.from(
    { length: Math.min(count, 12) },
    (_, i) => `<li><a href="${slug(i)}">${i === 0 ? 'Home' : TREATMENTS[i % TREATMENTS.length]}</a></li>`,
  ).join('');
  const header = `<header class="site-header"><a href="/"><img src="/img/logo.png" alt="Glow"></a><nav><ul>${nav}</ul></nav></header>`;
  const footer = `<footer><div class="cols"><div><h4>Glow Aesthetics</h4><p>1200 Harbor Boulevard, Suite 210, Santa Monica, CA 90401 · (310) 555-0142</p></div>
<div><h4>Hours</h4><p>Mon–Fri 9–7 · Sat 10–4</p></div><div><h4>Newsletter</h4><p>Subscribe for monthly specials.</p><form><input name="email"><button>Join</button></form></div></div>
<p>© 2026 Glow Aesthetics. All rights reserved.</p></footer>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-BENCH');${'/* analytics bundle */'.repeat(40)}</script>`;
  const css = `<style>${'.section{margin:0 auto;max-width:72rem;padding:2rem}.price td{padding:.5rem 1rem}'.repeat(12)}</style>`;
  const pages = new Map();
  for (let i = 0; i < count; i++) {
    const treatment = TREATMENTS[i % TREATMENTS.length];
    const target = 10_000 + Math.floor(rand() * 20_000); // 10–30 KB
    const links = Array.from({ length: 6 + Math.floor(rand() * 7) }, () => slug(Math.floor(rand() * count)));
    let main = `<main><h1>${i === 0 ? 'Glow Aesthetics Med Spa' : treatment} in Santa Monica</h1>`;
    main += `<table class="price"><tr><th>Treatment</th><th>Price</th></tr>${Array.from({ length: 4 }, () => `<tr><td>${pick(TREATMENTS)}</td><td>$${10 + Math.floor(rand() * 900)}</td></tr>`).join('')}</table>`;
    let section = 0;
    while (main.length + header.length + footer.length + css.length < target) {
      main += `<section class="section"><h2>${pick(['About', 'What to expect', 'Aftercare', 'Pricing', 'Results', 'FAQ'])} ${++section}</h2>`;
      for (let p = 0; p < 3; p++)
        main += `<p>${Array.from({ length: 4 }, () => pick(SENTENCES)).join(' ')}</p>`;
      main += `<p>Related: ${links
        .slice(0, 3)
        .map((href) => `<a href="${href}">${href.slice(1) || 'home'}</a>`)
        .join(', ')}</p></section>`;
    }
    main += `<p>See also ${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}.</p></main>`;
    const jsonLd =
      i === 0
        ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'MedicalBusiness', name: 'Glow Aesthetics', address: { streetAddress: '1200 Harbor Boulevard' } })}</script>`
        : '';
    pages.set(
      slug(i),
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${treatment} | Glow Aesthetics</title>${css}${jsonLd}</head><body>${header}${main}${footer}</body></html>`,
    );
  }
  return pages;
}

function serve() {
  const pages = buildSite(PAGES);
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nDisallow: /admin/\nSitemap: http://${req.headers.host}/sitemap.xml\n`);
    }
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const urls = [...pages.keys()]
        .map((p) => `<url><loc>http://${req.headers.host}${p}</loc></url>`)
        .join('');
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
    }
    const page = pages.get(path);
    if (!page) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  server.listen(0, '127.0.0.1', () => {
    const bytes = [...pages.values()].reduce((sum, p) => sum + Buffer.byteLength(p), 0);
    process.send({ port: server.address().port, pages: pages.size, bytes });
  });
  process.on('message', (msg) => msg === 'stop' && server.close(() => process.exit(0)));
}

// ---- the benchmark ----

async function main() {
  const dist = join(ROOT, 'libs/crawler/dist/index.js');
  if (!existsSync(dist)) throw new Error('libs/crawler/dist is missing: run `npm run build` first');
  const { crawlSite, CRAWL_DEFAULTS } = require(dist);
  console.log(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );

  const child = fork(fileURLToPath(import.meta.url), ['--serve', `--pages=${PAGES}`], { stdio: 'inherit' });
  const site = await new Promise((resolve) => child.once('message', resolve));
  const origin = `http://127.0.0.1:${site.port}`;
  console.log(
    `Site: ${site.pages} pages, ${(site.bytes / 1024).toFixed(0)} KiB of HTML (${(site.bytes / site.pages / 1024).toFixed(1)} KiB a page), ${origin}`,
  );
  const concurrency = args.concurrency ? Number(args.concurrency) : CRAWL_DEFAULTS.concurrency;
  console.log(
    `Crawl: concurrency ${concurrency}, maxPages ${PAGES}, other options default; ${WARMUP} warm-up, ${RUNS} timed runs\n`,
  );

  const runs = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await crawlSite({
        startUrl: `${origin}/`,
        allowedHosts: [`127.0.0.1:${site.port}`],
        maxPages: PAGES,
        concurrency,
      });
      const elapsed = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      const cpuPerPage = (user + system) / 1000 / result.pages.length;
      if (result.pages.length !== PAGES || result.failures.length || result.stoppedBy) {
        throw new Error(
          `run ${i + 1}: ${result.pages.length} pages, ${result.failures.length} failures, stoppedBy ${result.stoppedBy}: ${JSON.stringify(result.failures.slice(0, 3))}`,
        );
      }
      const chars = result.pages.reduce((sum, p) => sum + p.text.length, 0);
      const line = `${i < WARMUP ? 'warm-up' : `run ${i - WARMUP + 1}`}: ${result.pages.length} pages in ${(elapsed / 1000).toFixed(2)} s = ${(result.pages.length / (elapsed / 1000)).toFixed(1)} pages/s (${(chars / result.pages.length / 1024).toFixed(1)} KiB of text a page, crawler CPU ${cpuPerPage.toFixed(1)} ms a page)`;
      console.log(line);
      if (i >= WARMUP) runs.push({ elapsed, rate: result.pages.length / (elapsed / 1000), cpuPerPage });
    }
  } finally {
    child.send('stop');
  }
  const rates = runs.map((r) => r.rate).sort((a, b) => a - b);
  const times = runs.map((r) => r.elapsed).sort((a, b) => a - b);
  const cpuTimes = runs.map((r) => r.cpuPerPage).sort((a, b) => a - b);
  console.log(
    `\nMedian of ${RUNS}: ${quantile(rates, 0.5).toFixed(1)} pages/s, ${(quantile(times, 0.5) / 1000).toFixed(2)} s for ${PAGES} pages (min ${(times[0] / 1000).toFixed(2)} s, max ${(times.at(-1) / 1000).toFixed(2)} s), crawler CPU ${quantile(cpuTimes, 0.5).toFixed(1)} ms a page; load average ${loadavg()[0].toFixed(1)}`,
  );
}

if (args.serve) serve();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
