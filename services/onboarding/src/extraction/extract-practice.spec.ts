import { matchCatalogueProcedures } from '@pp/ai';
import { extractPage, normaliseUrl, type CrawledPage } from '@pp/crawler';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import robotsParser from 'robots-parser';
import {
  extractPractice,
  ExtractionMessages,
  type ExtractedData,
  type ExtractedField,
  type OpeningHoursSpec,
} from './extract-practice';
import { specialtiesIn } from './services';

/** Where the fixture sites would be served in a test (services/onboarding/test/sites/<site>/). */
const ORIGIN = 'http://127.0.0.1:4173';
const SITES = join(__dirname, '..', '..', 'test', 'sites');
const USER_AGENT = 'PracticePilotBot';

/** The file a URL of a fixture site serves: '/' and '/about/' are index.html files. */
function fileFor(site: string, url: URL): string | null {
  const path = decodeURIComponent(url.pathname);
  const file = join(SITES, site, path.endsWith('/') ? `${path}index.html` : path);
  return file.startsWith(join(SITES, site)) &&
    file.endsWith('.html') &&
    existsSync(file) &&
    statSync(file).isFile()
    ? file
    : null;
}

function page(url: string, html: string): CrawledPage {
  const { title, text, headings, structuredData, meta, contact } = extractPage(html, url);
  return { url, title, text, headings, structuredData, meta, contact, fetchedAt: new Date() };
}

/**
 * The pages crawlSite would return for a fixture site, without a server: breadth first from the home page through
 * its links (normalised as the crawler does), robots.txt honoured, each page read by the crawler's extractPage.
 */
function readSite(site: string): CrawledPage[] {
  const robotsFile = join(SITES, site, 'robots.txt');
  const robots = robotsParser(
    `${ORIGIN}/robots.txt`,
    existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8') : '',
  );
  const pages: CrawledPage[] = [];
  const queue = [normaliseUrl(`${ORIGIN}/`)];
  const seen = new Set(queue.map(String));
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (!robots.isAllowed(url.toString(), USER_AGENT)) continue;
    const file = fileFor(site, url);
    if (!file) continue;
    const read = page(url.toString(), readFileSync(file, 'utf8'));
    pages.push(read);
    for (const link of extractPage(readFileSync(file, 'utf8'), url.toString()).links) {
      const next = normaliseUrl(link);
      if (next.origin !== ORIGIN || seen.has(next.toString())) continue;
      seen.add(next.toString());
      queue.push(next);
    }
  }
  return pages;
}

interface Expected {
  data: ExtractedData;
  /** Paths of the pages each field comes from. */
  sources: Partial<Record<ExtractedField, string>>;
  openingHours: { hours: OpeningHoursSpec[]; source: string } | null;
  procedureKeys: string[];
}

/** expected.json with '{origin}' standing for the test origin. */
function expectedFor(site: string): Expected {
  const raw = readFileSync(join(SITES, site, 'expected.json'), 'utf8').replaceAll('{origin}', ORIGIN);
  return JSON.parse(raw) as Expected;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Everything a page says, as one text: title, meta, headings, text, contact details and JSON-LD. */
function everything(page: CrawledPage): string {
  return squash(
    [
      page.title ?? '',
      ...Object.values(page.meta).map((value) => value ?? ''),
      ...page.headings,
      page.text,
      ...page.contact.phones,
      ...page.contact.emails,
      ...page.contact.addresses,
      page.contact.footer,
      ...page.contact.bookingLinks,
      JSON.stringify(page.structuredData),
    ].join('\n'),
  );
}

/** Whether a page says a field's value (or one item of a list), in its own words where the extraction has others. */
function saysIt(field: ExtractedField, value: string, page: CrawledPage): boolean {
  const all = everything(page);
  switch (field) {
    case 'address':
      // 'street, city, ST ZIP' joins a PostalAddress's parts, or an <address>'s lines.
      return value.split(/,\s*/).every((part) => all.includes(part));
    case 'about_summary':
      return all.includes(value.replace(/…$/, ''));
    case 'booking_info': {
      const [said, how] = value.split(/\s*(?:Online booking through [\w ]+|Booking page): /);
      const linked = how === undefined || page.contact.bookingLinks.includes(how);
      return linked && (said === '' || all.includes(said) || all.includes(said.replace(/\.$/, '')));
    }
    case 'doctors_names':
      // The person's name, whatever titles the page writes with it.
      return all.includes(value.replace(/^Dr\.? /, '').replace(/,.*$/, ''));
    case 'key_services':
      // A catalogue name: the page names the procedure in any of its terms.
      return matchCatalogueProcedures(`${page.headings.join('\n')}\n${page.text}`).some(
        (match) => match.key === matchCatalogueProcedures(value)[0]?.key,
      );
    case 'specialties':
      return specialtiesIn(all).includes(value) || all.includes(value);
    default:
      return all.includes(value);
  }
}

const SITE_NAMES = readdirSync(SITES).filter((name) => statSync(join(SITES, name)).isDirectory());

describe('extractPractice on the fixture sites', () => {
  it('has the five sites', () => {
    expect(SITE_NAMES.sort()).toEqual([
      'blocked',
      'contour-plastic',
      'glow-medspa',
      'single-page',
      'smile-dental',
    ]);
  });

  describe.each(SITE_NAMES)('%s', (site) => {
    const pages = readSite(site);
    const expected = expectedFor(site);
    const extraction = extractPractice(pages, `${ORIGIN}/`);

    it.each(Object.keys(expected.data) as (keyof ExtractedData)[])('finds %s', (field) => {
      expect(extraction.data[field]).toEqual(expected.data[field]);
    });

    it('names the page each field came from', () => {
      const paths = Object.fromEntries(
        Object.entries(extraction.sources).map(([field, url]) => [field, new URL(url).pathname]),
      );
      expect(paths).toEqual(expected.sources);
    });

    it('takes every value from a page that says it: the source page, and some page for the rest of a list', () => {
      for (const [field, url] of Object.entries(extraction.sources) as [ExtractedField, string][]) {
        const value = extraction.data[field];
        const [first, ...rest] = Array.isArray(value) ? value : [value ?? ''];
        const source = pages.find((p) => p.url === url);
        const saidBy = (item: string) => pages.filter((p) => saysIt(field, item, p)).map((p) => p.url);
        expect({ field, first, onSource: source !== undefined && saysIt(field, first, source) }).toEqual({
          field,
          first,
          onSource: true,
        });
        for (const item of rest)
          expect({ field, item, pages: saidBy(item).length > 0 }).toEqual({ field, item, pages: true });
      }
    });

    it('finds the opening hours and the catalogue procedures', () => {
      expect(
        extraction.openingHours && {
          hours: extraction.openingHours.hours,
          source: new URL(extraction.openingHours.source).pathname,
        },
      ).toEqual(expected.openingHours);
      expect(extraction.procedureKeys).toEqual(expected.procedureKeys);
    });
  });

  it('reads no page of a site whose robots.txt disallows everything, and says nothing was found', () => {
    expect(readSite('blocked')).toEqual([]);
    expect(extractPractice([], `${ORIGIN}/`).data.error).toBe(ExtractionMessages.nothingFound);
  });
});

const SITE = 'https://practice.example/';

function htmlPage(path: string, html: string): CrawledPage {
  return page(new URL(path, SITE).toString(), html);
}

/** Letters for a number: distinct names for many people (0 → 'a', 27 → 'bb'). */
const letters = (n: number) =>
  n
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('');

describe('extractPractice', () => {
  it('warns, in plain words, of the name, phone number, address or services it could not find', () => {
    const extraction = extractPractice(
      [
        htmlPage(
          '/',
          `<title>Home</title><main><p>We are a friendly team that loves to help people feel their best every day.</p>
           <p>Botox and HydraFacial appointments are available most weekdays.</p></main>`,
        ),
      ],
      SITE,
    );
    expect(extraction.data.warning).toBe(
      "We could not find the practice's name, phone number or address on the site.",
    );
    expect(extraction.data.error).toBeNull();
    expect(ExtractionMessages.missing(['address'])).toBe(
      "We could not find the practice's address on the site.",
    );
    expect(ExtractionMessages.missing(['phone number', 'address'])).toBe(
      "We could not find the practice's phone number or address on the site.",
    );
  });

  it('gives an error and no warning when nothing usable is on the site', () => {
    const extraction = extractPractice([htmlPage('/', '<p>Coming soon</p>')], SITE);
    expect(extraction.data).toMatchObject({ error: ExtractionMessages.nothingFound, warning: null });
    expect(extraction.sources).toEqual({});
  });

  it('trusts JSON-LD over meta and the title, and OpenGraph over the title', () => {
    const withJsonLd = extractPractice(
      [
        htmlPage(
          '/',
          `<head><title>Home | Bright Smiles</title><meta property="og:site_name" content="Bright Smiles Dental">
           <script type="application/ld+json">{"@type":"Dentist","name":"Bright Smiles Family Dentistry"}</script></head>`,
        ),
      ],
      SITE,
    );
    expect(withJsonLd.data.practice_name).toBe('Bright Smiles Family Dentistry');
    const withOpenGraph = extractPractice(
      [
        htmlPage(
          '/',
          `<head><title>Home | Bright Smiles</title><meta property="og:site_name" content="Bright Smiles Dental">`,
        ),
      ],
      SITE,
    );
    expect(withOpenGraph.data.practice_name).toBe('Bright Smiles Dental');
  });

  it('reads one copy of a page crawled at two addresses', () => {
    const html = `<title>Glow</title><main><h2>Dr. Ana Ruiz, MD</h2><p>Botox</p></main>`;
    const extraction = extractPractice([htmlPage('/', html), htmlPage('/index.html', html)], SITE);
    expect(extraction.data.doctors_names).toEqual(['Dr. Ana Ruiz, MD']);
  });

  it('stays bounded on a hostile 1 MB page', () => {
    const chunks = [
      '<h2>Dr. Aaaa Bbbb, MD</h2>'.repeat(200),
      Array.from({ length: 3_000 }, (_, i) => `<p>Dr. Na${letters(i)} Pe${letters(i)}, MD</p>`).join(''),
      `<p>${'A'.repeat(200_000)} ${'1'.repeat(200_000)} (512) 555-${'0'.repeat(50_000)}</p>`,
      `<p>${'Mon-'.repeat(20_000)} ${'9am-'.repeat(20_000)}</p>`,
      `<p>${'x@'.repeat(50_000)}a@b.example ${'1234 Main St, '.repeat(10_000)}Austin, TX 78701</p>`,
      `<footer>${'<a href="tel:+15125550199">t</a><a href="mailto:a@b.example">m</a>'.repeat(2_000)}</footer>`,
    ];
    const html = `<title>Hostile</title><body>${chunks.join('')}</body>`;
    expect(html.length).toBeGreaterThan(1_000_000);
    const extraction = extractPractice([htmlPage('/', html)], SITE);
    expect(extraction.data.doctors_names.length).toBe(20);
    expect(extraction.data.doctors_names).toContain('Dr. Aaaa Bbbb, MD');
    expect(extraction.data.key_services.length).toBeLessThanOrEqual(15);
    expect(extraction.data.specialties.length).toBeLessThanOrEqual(6);
    expect((extraction.data.about_summary ?? '').length).toBeLessThanOrEqual(400);
    expect((extraction.data.booking_info ?? '').length).toBeLessThanOrEqual(300);
  });

  it('stays bounded on a hostile page however the crawler left it: megabytes of text, headings and JSON-LD', () => {
    let nested: Record<string, unknown> = { '@type': 'Person', name: 'Dr. Deep Nest' };
    for (let i = 0; i < 100_000; i++)
      nested = { '@type': 'MedicalBusiness', employee: nested, __proto__: null };
    const line =
      'Dr. Ana Ruiz, MD, call (512) 555-0199 or a@b.example at 1 Main St, Austin, TX 78701 Mon-Fri 9am-5pm. ';
    const hostile: CrawledPage = {
      url: SITE,
      title: 'Glow | '.repeat(200_000),
      text: `${line.repeat(100)}\n${'Botox '.repeat(200_000)}`,
      headings: Array.from({ length: 100_000 }, (_, i) => `Dr. Zq${letters(i)} Xv${letters(i)}, MD`),
      structuredData: [
        nested,
        ...Array.from({ length: 10_000 }, () => ({ '@type': 'Dentist', name: 'Many' })),
      ],
      meta: { description: null, siteName: null, ogTitle: null, ogDescription: null },
      contact: {
        phones: Array.from({ length: 10_000 }, () => 'x'),
        emails: [],
        addresses: [],
        footer: 'Mon '.repeat(500_000),
        bookingLinks: [],
      },
      fetchedAt: new Date(),
    };
    const extraction = extractPractice([hostile, { ...hostile, url: `${SITE}other` }], SITE);
    expect(extraction.data.practice_name).toBe('Many');
    expect(extraction.data.doctors_names.length).toBe(20);
    expect(extraction.data.key_services).toEqual(['Botox']);
    expect(extraction.data.phone_number).toBe('(512) 555-0199');
  });
});
