/**
 * crawlSite against realistic practice websites served on loopback (test/sites), listed in allowedHosts as
 * CRAWL_ALLOWED_HOSTS would list them.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { crawlSite, type CrawlProgress, type CrawlResult, type HostResolver } from '../src';
import { serveHandler, serveSite, type ServedSite } from './site-server';

const open: ServedSite[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((site) => site.close()));
});
async function track(site: Promise<ServedSite>): Promise<ServedSite> {
  open.push(await site);
  return open[open.length - 1];
}

const paths = (result: CrawlResult) => result.pages.map((page) => new URL(page.url).pathname).sort();
const page = (result: CrawlResult, path: string) => {
  const found = result.pages.find((p) => new URL(p.url).pathname === path);
  if (!found) throw new Error(`no page ${path} in ${paths(result).join(', ')}`);
  return found;
};
const html = (res: ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

describe('crawling the med spa site', () => {
  let result: CrawlResult;
  let site: ServedSite;
  let offsite: ServedSite;
  const progress: CrawlProgress[] = [];

  beforeAll(async () => {
    offsite = await serveSite('dental');
    site = await serveSite('medspa', { offsite: offsite.origin });
    result = await crawlSite({
      startUrl: `${site.origin}/`,
      allowedHosts: [site.hostPort],
      onProgress: (p) => {
        progress.push(p);
      },
    });
  });
  afterAll(async () => {
    await site.close();
    await offsite.close();
  });

  it('finds every page, including the one only the sitemap lists and the one behind a redirect', () => {
    expect(paths(result)).toEqual([
      '/',
      '/about',
      '/book-a-consultation',
      '/contact',
      '/injectables',
      '/laser-hair-removal',
      '/new-patient-specials',
      '/services',
    ]);
    expect(result.failures).toEqual([]);
    expect(result.stoppedBy).toBeUndefined();
    expect(site.requests).toContain('/sitemap.xml');
    expect(site.requests).toContain('/book');
  });

  it('reads titles, headings and the main text with prices and practical details', () => {
    expect(page(result, '/').title).toBe('Glow Aesthetics Med Spa | Botox, Fillers & Laser in Santa Monica');
    const injectables = page(result, '/injectables');
    expect(injectables.title).toBe('Botox & Dysport Prices | Glow Aesthetics Med Spa');
    expect(injectables.headings).toEqual([
      'Injectables: Botox, Dysport and dermal fillers',
      'Pricing',
      'What to expect',
    ]);
    expect(injectables.text).toContain('Botox | $14 per unit');
    expect(injectables.text).toContain('Dysport | $5 per unit');
    expect(page(result, '/contact').text).toMatch(
      /Parking\n\nFree validated parking is available in the structure beneath the building;/,
    );
    expect(page(result, '/laser-hair-removal').text).toContain('Underarms: $450 for six sessions');
  });

  it('keeps navigation, footer boilerplate and scripts out of the text', () => {
    for (const p of result.pages) {
      expect(p.text).not.toMatch(
        /Footer boilerplate|Subscribe to our newsletter|All rights reserved|Quick links/,
      );
      expect(p.text).not.toMatch(/dataLayer|gtag|G-TRACKING-SCRIPT|\.hero\{/);
      expect(p.headings).not.toContain('Quick links');
      expect(p.text.length).toBeGreaterThan(100);
    }
  });

  it('honours robots.txt: the /private/ page is never requested', () => {
    expect(site.requests.filter((path) => path.startsWith('/private'))).toEqual([]);
    expect(result.skipped).toContainEqual(
      expect.objectContaining({ url: `${site.origin}/private/2019-price-list`, code: 'robots' }),
    );
  });

  it('skips the PDF and the images: files by their name without a request, the rest by Content-Type', () => {
    expect(site.requests.filter((path) => /\.(pdf|jpg|png)$/.test(path))).toEqual([]);
    expect(site.requests).toContain('/download/price-sheet');
    expect(paths(result)).not.toContain('/download/price-sheet');
    expect(result.skipped).toContainEqual({
      url: `${site.origin}/download/price-sheet`,
      reason: 'Not a web page (application/pdf).',
      code: 'not_html',
    });
  });

  it('follows no off-site link, and drops tracking parameters from links', () => {
    expect(offsite.requests).toEqual([]);
    expect(site.requests.filter((path) => path.includes('utm_'))).toEqual([]);
  });

  it('fetches each page once, as PracticePilotBot, and reports progress', () => {
    const pageRequests = site.requests.filter((path) => !['/robots.txt', '/sitemap.xml'].includes(path));
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    expect(new Set(site.userAgents)).toEqual(
      new Set(['PracticePilotBot/1.0 (+https://practicepilot.example/bot)']),
    );
    // Processed: the 8 pages and the price sheet (a PDF by its Content-Type); /book is a redirect hop.
    expect(progress.at(-1)).toEqual({ found: expect.any(Number), processed: 9, failed: 0 });
    expect(progress.at(-1)!.found).toBeGreaterThanOrEqual(9);
    expect(progress[0].processed).toBe(0);
  });
});

describe('other practice sites', () => {
  it('reads the dental office hours and address from JSON-LD, with no robots.txt (404) meaning all allowed', async () => {
    const site = await track(serveSite('dental'));
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort] });
    expect(paths(result)).toEqual(['/', '/insurance/', '/services/']);
    const home = page(result, '/');
    expect(home.structuredData).toHaveLength(2);
    expect(home.structuredData[0]).toMatchObject({
      '@type': 'Dentist',
      address: { streetAddress: '4512 Burnet Road', addressLocality: 'Austin', postalCode: '78756' },
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:00', closes: '17:00' },
        { dayOfWeek: 'Friday', opens: '08:00', closes: '13:00' },
      ],
    });
    expect(home.text).toContain('Dr. Priya Raman and Dr. Marcus Webb');
    expect(page(result, '/insurance/').text).toContain('in-house savings plan for $29 a month');
  });

  it('reads a single-page plastic surgery site whole, without the cookie banner or scripts', async () => {
    const site = await track(serveSite('plastic-surgery'));
    const result = await crawlSite({ startUrl: `${site.origin}/#procedures`, allowedHosts: [site.hostPort] });
    expect(paths(result)).toEqual(['/']);
    const [home] = result.pages;
    expect(home.url).toBe(`${site.origin}/`);
    expect(home.title).toBe('Dr. Amelia Hart, MD – Board-Certified Plastic Surgeon in Miami');
    expect(home.headings).toEqual(
      expect.arrayContaining(['Hart Plastic Surgery', 'Rhinoplasty', 'Breast augmentation', 'Tummy tuck']),
    );
    for (const phrase of [
      "Surgeon's fee from $8,500",
      'All-inclusive pricing from $9,900',
      'Consultations cost $150',
    ]) {
      expect(home.text).toContain(phrase);
    }
    expect(home.text).not.toMatch(/We use cookies|trackingConsent|js-enabled|All rights/);
    expect(site.requests).not.toContain('/js/analytics.js');
  });
});

describe('limits', () => {
  it('stops at the page budget', async () => {
    const site = await track(serveSite('medspa'));
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort], maxPages: 3 });
    expect(result.pages).toHaveLength(3);
    expect(result.stoppedBy).toBe('page_budget');
    expect(site.requests.filter((path) => !['/robots.txt', '/sitemap.xml'].includes(path))).toHaveLength(3);
  });

  it('follows links no deeper than maxDepth', async () => {
    const site = await track(
      serveHandler((req, res) => {
        const level = Number(/^\/level-(\d+)$/.exec(req.url ?? '')?.[1] ?? (req.url === '/' ? 0 : NaN));
        if (Number.isNaN(level)) return void res.writeHead(404).end();
        html(
          res,
          `<title>Level ${level}</title><p>Page at depth ${level}.</p><a href="/level-${level + 1}">deeper</a>`,
        );
      }),
    );
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort], maxDepth: 2 });
    expect(paths(result)).toEqual(['/', '/level-1', '/level-2']);
    expect(site.requests).not.toContain('/level-3');
    expect(result.stoppedBy).toBeUndefined();
  });

  it('keeps a page found under two addresses once, under the first, but a page asked for by its address always', async () => {
    const home = '<title>Glow</title><h1>Welcome</h1><p>Botox and fillers in Austin.</p>';
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/' || req.url === '/index.html')
          return html(res, `${home}<a href="/index.html">Home</a><a href="/team">Team</a>`);
        if (req.url === '/team')
          return html(res, '<title>Team</title><p>Dr. Park, MD.</p><a href="/">Home</a>');
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort] });
    expect(paths(result)).toEqual(['/', '/team']);
    expect(result.skipped).toEqual([
      { url: `${site.origin}/index.html`, reason: `The same page as ${site.origin}/.`, code: 'duplicate' },
    ]);
    const asked = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      urls: [`${site.origin}/`, `${site.origin}/index.html`],
    });
    expect(paths(asked)).toEqual(['/', '/index.html']);
  });

  it('fails a page larger than the size cap, streamed or declared, and goes on with the others', async () => {
    const big = `<p>${'Botox and filler details. '.repeat(4000)}</p>`; // ≈ 100 KB
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/')
          return html(
            res,
            '<title>Home</title><a href="/streamed">a</a> <a href="/declared">b</a> <a href="/small">c</a>',
          );
        if (req.url === '/streamed') {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write(big);
          return void res.end(big);
        }
        if (req.url === '/declared') {
          return void res
            .writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(big) })
            .end(big);
        }
        if (req.url === '/small') return html(res, '<title>Small</title><p>Fits.</p>');
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      maxBytes: 64 * 1024,
    });
    expect(paths(result)).toEqual(['/', '/small']);
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { url: `${site.origin}/streamed`, reason: 'The page is larger than 64 KiB.', code: 'too_large' },
        { url: `${site.origin}/declared`, reason: 'The page is larger than 64 KiB.', code: 'too_large' },
      ]),
    );
  });

  it('fails a page that does not answer within the request time limit', async () => {
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/') return html(res, '<title>Home</title><p>Welcome.</p><a href="/hangs">slow</a>');
        if (req.url === '/hangs') return; // never answers
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      requestTimeoutMs: 1500,
    });
    expect(paths(result)).toEqual(['/']);
    expect(result.failures).toEqual([
      { url: `${site.origin}/hangs`, reason: 'The page did not answer within 1.5 seconds.', code: 'timeout' },
    ]);
    expect(result.stoppedBy).toBeUndefined();
  });

  it('stops at the total time limit and returns what it has', async () => {
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/') {
          return html(
            res,
            `<title>Home</title><p>Welcome.</p>${[1, 2, 3, 4, 5].map((i) => `<a href="/slow-${i}">s</a>`).join('')}`,
          );
        }
        if (req.url?.startsWith('/slow-')) return; // never answers
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      totalTimeoutMs: 3000,
    });
    expect(result.stoppedBy).toBe('time_limit');
    expect(paths(result)).toEqual(['/']);
  });

  it('stops when the caller aborts', async () => {
    const site = await track(serveSite('medspa'));
    const controller = new AbortController();
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      concurrency: 1,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.processed === 2) controller.abort();
      },
    });
    expect(result.stoppedBy).toBe('aborted');
    expect(result.pages.length).toBeGreaterThanOrEqual(2);
    expect(result.pages.length).toBeLessThan(8);
  });
});

describe('robots.txt, redirects and chosen pages', () => {
  it('crawls nothing when robots.txt answers with a server error', async () => {
    const site = await track(
      serveSite('medspa', {
        override: (req, res) => {
          if (req.url !== '/robots.txt') return false;
          res.writeHead(503).end('maintenance');
          return true;
        },
      }),
    );
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort] });
    expect(result.pages).toEqual([]);
    expect(result.failures).toEqual([
      {
        url: `${site.origin}/`,
        reason:
          "The website's robots.txt could not be read, so no page was crawled: The website answered 503 (Service Unavailable).",
        code: 'robots',
      },
    ]);
    expect(site.requests).toEqual(['/robots.txt']);
  });

  it('crawls nothing when robots.txt disallows everything for our user agent', async () => {
    const site = await track(
      serveSite('medspa', {
        override: (req, res) => {
          if (req.url !== '/robots.txt') return false;
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('User-agent: Googlebot\nAllow: /\n\nUser-agent: PracticePilotBot\nDisallow: /\n');
          return true;
        },
      }),
    );
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort] });
    expect(result.pages).toEqual([]);
    expect(result.failures).toEqual([expect.objectContaining({ url: `${site.origin}/`, code: 'robots' })]);
    expect(site.requests).toEqual(['/robots.txt']);
  });

  it('fails redirects to another website, and redirect loops after 5 hops', async () => {
    const other = await track(serveSite('dental'));
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/')
          return html(res, '<title>Home</title><a href="/elsewhere">x</a><a href="/loop-0">y</a>');
        if (req.url === '/elsewhere') return void res.writeHead(302, { location: `${other.origin}/` }).end();
        const loop = /^\/loop-(\d+)$/.exec(req.url ?? '');
        if (loop) return void res.writeHead(302, { location: `/loop-${Number(loop[1]) + 1}` }).end();
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort, other.hostPort] });
    expect(paths(result)).toEqual(['/']);
    expect(result.failures).toEqual(
      expect.arrayContaining([
        {
          url: `${site.origin}/elsewhere`,
          reason: 'The page redirected to another website (127.0.0.1).',
          code: 'off_site',
        },
        { url: `${site.origin}/loop-0`, reason: 'The page redirected more than 5 times.', code: 'redirect' },
      ]),
    );
    expect(other.requests).toEqual([]);
    expect(site.requests.filter((path) => path.startsWith('/loop-'))).toHaveLength(6);
  });

  it('fetches exactly the pages asked for, following no link and reading no sitemap', async () => {
    const site = await track(serveSite('medspa'));
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      urls: [
        `${site.origin}/injectables`,
        `${site.origin}/contact#parking`,
        `${site.origin}/private/2019-price-list`,
        `${site.origin}/no-such-page`,
        'https://elsewhere.example/botox',
        'gopher://127.0.0.1:70/',
        'not a url',
      ],
    });
    expect(paths(result)).toEqual(['/contact', '/injectables']);
    expect(result.failures).toEqual([
      {
        url: `${site.origin}/private/2019-price-list`,
        reason: "The website's robots.txt does not allow this page to be crawled.",
        code: 'robots',
      },
      {
        url: 'https://elsewhere.example/botox',
        reason: "This page is not on the practice's website.",
        code: 'off_site',
      },
      {
        url: 'gopher://127.0.0.1:70/',
        reason: 'Only http and https addresses can be crawled.',
        code: 'unsafe_url',
      },
      { url: 'not a url', reason: 'This is not a valid web address.', code: 'unsafe_url' },
      {
        url: `${site.origin}/no-such-page`,
        reason: 'The website answered 404 (Not Found).',
        code: 'http_status',
      },
    ]);
    expect(site.requests.sort()).toEqual(['/contact', '/injectables', '/no-such-page', '/robots.txt']);
  });
});

describe('site identity, encodings and options', () => {
  const toLoopback: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];

  it('follows a start page that redirects to the practice’s new domain, and crawls that site', async () => {
    const site: ServedSite = await track(
      serveSite('medspa', {
        override: (req, res) => {
          if (!req.headers.host?.startsWith('old-glow.test')) return false;
          res.writeHead(301, { location: `http://glow.test:${site.port}${req.url}` }).end();
          return true;
        },
      }),
    );
    const result = await crawlSite({
      startUrl: `http://old-glow.test:${site.port}/`,
      allowedHosts: [`old-glow.test:${site.port}`, `glow.test:${site.port}`],
      lookup: toLoopback,
    });
    expect(result.failures).toEqual([]);
    expect(new Set(result.pages.map((p) => new URL(p.url).host))).toEqual(
      new Set([`glow.test:${site.port}`]),
    );
    expect(paths(result)).toContain('/new-patient-specials'); // from the new domain's sitemap
    expect(paths(result)).toHaveLength(8);
  });

  it('treats www. and the bare host as one site', async () => {
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/')
          return html(
            res,
            `<title>Home</title><a href="http://www.clinic.test:${req.socket.localPort}/about">About</a>`,
          );
        if (req.url === '/about') return html(res, '<title>About</title><p>Our team.</p>');
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({
      startUrl: `http://clinic.test:${site.port}/`,
      allowedHosts: [`clinic.test:${site.port}`, `www.clinic.test:${site.port}`],
      lookup: toLoopback,
    });
    expect(result.pages.map((p) => p.url)).toEqual([
      `http://clinic.test:${site.port}/`,
      `http://www.clinic.test:${site.port}/about`,
    ]);
  });

  it('decodes gzip and a legacy charset, and caps the decompressed size', async () => {
    const page = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from('</title></head><body><p>Botox: 12 '),
      Buffer.from([0x80]),
      Buffer.from(' per unit at the Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' Spa. <a href="/bomb">More</a></p></body></html>'),
    ]);
    const site = await track(
      serveHandler((req, res) => {
        if (req.url === '/') {
          return void res
            .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
            .end(gzipSync(page));
        }
        if (req.url === '/bomb') {
          const body = gzipSync(Buffer.alloc(5 * 1024 * 1024, 'a')); // 5 MiB of text in ≈5 KiB
          return void res
            .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
            .end(body);
        }
        res.writeHead(404).end();
      }),
    );
    const result = await crawlSite({
      startUrl: site.origin,
      allowedHosts: [site.hostPort],
      maxBytes: 256 * 1024,
    });
    expect(result.pages.map((p) => [p.title, p.text])).toEqual([
      ['Café', 'Botox: 12 € per unit at the Café Spa. More'],
    ]);
    expect(result.failures).toEqual([
      { url: `${site.origin}/bomb`, reason: 'The page is larger than 256 KiB.', code: 'too_large' },
    ]);
  });

  it('rejects options out of range', async () => {
    await expect(crawlSite({ startUrl: 'https://glow.example/', maxPages: 0 })).rejects.toThrow(RangeError);
    await expect(crawlSite({ startUrl: 'https://glow.example/', concurrency: 1.5 })).rejects.toThrow(
      RangeError,
    );
  });
});
