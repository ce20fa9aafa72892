import { TRAFFIC_SOURCES } from '@pp/contracts';
import { isbot } from 'isbot';
import { autoMappingTarget } from '../../../services/people/src/field-mapping/auto-mapping';
import { readSubmission } from '../../../services/people/src/intake/submission-rules';
import { geoFromHeaders } from '../../../services/analytics/src/tracking/geo';
import { classifyTrafficSource } from '../../../services/analytics/src/tracking/traffic-source';
import {
  arrivalFor,
  GEO_HEADER_PROVIDERS,
  geoHeaders,
  pageUrl,
  planVisit,
  practiceKind,
  seededRandom,
  SOURCE_WEIGHTS,
  stateOfAddress,
  US_CITIES,
  USER_AGENTS,
  type PlanContext,
  type VisitPlan,
} from './traffic';

const SITE = 'https://www.glowaesthetics.example';
const context: PlanContext = {
  siteUrl: SITE,
  kind: 'aesthetics',
  homeState: 'TX',
  locations: ['Uptown Dallas', 'Plano'],
  formRate: 0.12,
  withPhone: true,
};
const plans = (count: number, overrides: Partial<PlanContext> = {}, seed = 1): VisitPlan[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => planVisit(random, { ...context, ...overrides }));
};

describe('traffic sources', () => {
  it.each(TRAFFIC_SOURCES)('a visit from %s arrives as the ingress classifies it', (source) => {
    const random = seededRandom(42);
    for (let draw = 0; draw < 50; draw++) {
      const arrival = arrivalFor(source, random);
      const landing = pageUrl(SITE, '/services/botox', arrival.query);
      expect(classifyTrafficSource(landing, arrival.referrer)).toBe(source);
    }
  });

  it('tags ad clicks with their click ids: gclid for Google Ads, msclkid for Microsoft Ads, fbclid for Facebook', () => {
    const random = seededRandom(3);
    const params = (source: (typeof TRAFFIC_SOURCES)[number]) =>
      new URL(pageUrl(SITE, '/', arrivalFor(source, random).query)).searchParams;
    expect(params('google_ads').get('gclid')).toMatch(/^Cj0KCQ/);
    expect(params('microsoft_ads').get('msclkid')).toMatch(/^[0-9a-f]{32}$/);
    expect(params('facebook').get('fbclid')).toMatch(/^IwAR/);
    expect([...params('direct').keys()]).toEqual([]);
  });

  it('brings every source, in proportion to its weight, with organic Google the largest', () => {
    const visits = plans(4000);
    const counts = new Map<string, number>();
    for (const visit of visits) counts.set(visit.source, (counts.get(visit.source) ?? 0) + 1);
    const totalWeight = Object.values(SOURCE_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const source of TRAFFIC_SOURCES) {
      const share = (counts.get(source) ?? 0) / visits.length;
      const expected = SOURCE_WEIGHTS[source] / totalWeight;
      expect(Math.abs(share - expected)).toBeLessThan(expected * 0.25);
    }
    const largest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    expect(largest).toBe('google');
  });

  it('plans the first page of each visit so the ingress finds the planned source', () => {
    for (const visit of plans(500)) {
      expect(classifyTrafficSource(visit.pages[0].url, visit.pages[0].referrer)).toBe(visit.source);
    }
  });
});

describe('visitors’ cities', () => {
  it('are US cities with coordinates, mostly in the practice’s own state', () => {
    const visits = plans(2000);
    const inTexas = visits.filter((visit) => visit.city.state === 'TX').length / visits.length;
    expect(inTexas).toBeGreaterThan(0.6);
    expect(new Set(visits.map((visit) => visit.city.state)).size).toBeGreaterThan(10);
    const nationwide = plans(2000, { homeState: null });
    expect(nationwide.filter((visit) => visit.city.state === 'TX').length / 2000).toBeLessThan(0.4);
  });

  it.each(GEO_HEADER_PROVIDERS)('are read back from %s’s headers by the analytics ingress', (provider) => {
    for (const city of US_CITIES) {
      expect(geoFromHeaders(geoHeaders(city, provider), [provider])).toEqual({
        country_code: 'US',
        city: city.city,
        region: provider === 'cloudflare' || provider === 'cloudfront' ? city.region : city.state,
        latitude: Number(city.latitude.toFixed(4)),
        longitude: Number(city.longitude.toFixed(4)),
        via: provider,
      });
    }
    // Without the geo option no location is claimed.
    expect(geoHeaders(US_CITIES[0], 'none')).toEqual({});
  });

  it('reads the practice’s state from its address', () => {
    expect(stateOfAddress('2100 McKinney Ave, Dallas, TX 75201')).toBe('TX');
    expect(stateOfAddress('1 Main St, Springfield, IL')).toBe('IL');
    expect(stateOfAddress('Somewhere without a state')).toBeNull();
    expect(stateOfAddress(null)).toBeNull();
  });
});

describe('browsers', () => {
  it('are real browsers, none of which the ingress’s bot filter drops', () => {
    for (const { agent } of USER_AGENTS) expect(isbot(agent)).toBe(false);
  });
});

describe('a visit', () => {
  it('walks the site: each page referred by the one before, opened after the last was read', () => {
    for (const visit of plans(300)) {
      expect(visit.pages.length).toBeGreaterThanOrEqual(1);
      expect(visit.pages.length).toBeLessThanOrEqual(5);
      visit.pages.forEach((page, index) => {
        expect(page.url.startsWith(`${SITE}/`)).toBe(true);
        expect(page.dwell).toBeGreaterThan(0);
        if (index > 0) {
          expect(page.referrer).toBe(visit.pages[index - 1].url);
          expect(page.at).toBeGreaterThan(visit.pages[index - 1].at + visit.pages[index - 1].dwell);
        }
      });
    }
  });

  it('ends with a form on the booking or contact page for about the chosen share of visits', () => {
    const visits = plans(2000, { formRate: 0.2 });
    const withForm = visits.filter((visit) => visit.form);
    expect(withForm.length / visits.length).toBeGreaterThan(0.16);
    expect(withForm.length / visits.length).toBeLessThan(0.24);
    for (const visit of withForm) {
      const last = visit.pages[visit.pages.length - 1];
      expect(['/book-consultation', '/contact']).toContain(new URL(last.url).pathname);
      expect(visit.form!.at).toBeLessThan(last.dwell);
    }
    expect(plans(300, { formRate: 0 }).some((visit) => visit.form)).toBe(false);
  });

  it('sends a form that people’s intake reads as a reachable lead: names, a valid phone and e-mail, the procedure', () => {
    for (const visit of plans(400, { formRate: 1 })) {
      const { fields, person, procedure } = visit.form!;
      const mappings = Object.fromEntries(
        Object.keys(fields).flatMap((name) => {
          const target = autoMappingTarget(name);
          return target ? [[name, target]] : [];
        }),
      );
      const read = readSubmission(fields, mappings);
      expect(read).toMatchObject({
        first_name: person.firstName,
        last_name: person.lastName,
        phone: person.phone,
        email: person.email,
      });
      expect(read.mapped.procedure_interest).toBe(procedure);
      expect(read.mapped.message).toContain(procedure);
      // Fictional numbers (555-0100…0199) in the visitor's city, e-mail at domains reserved for examples.
      expect(person.phone).toMatch(new RegExp(`^\\+1${visit.city.areaCode}55501\\d\\d$`));
      expect(person.email).toMatch(/@(example\.(com|net|org)|mail\.example)$/);
    }
  });

  it('leaves the phone out when texts and calls are not in the sandbox', () => {
    for (const visit of plans(100, { formRate: 1, withPhone: false })) {
      expect(visit.form!.fields.phone).toBeUndefined();
      expect(visit.form!.fields.email).toBe(visit.form!.person.email);
    }
  });

  it('shows a dentist’s pages for a dental practice', () => {
    expect(practiceKind('Northside Dental')).toBe('dental');
    expect(practiceKind('Glow Aesthetics')).toBe('aesthetics');
    const paths = plans(300, { kind: 'dental' }).flatMap((visit) =>
      visit.pages.map((page) => new URL(page.url).pathname),
    );
    expect(paths).toContain('/services/invisalign');
    expect(paths).not.toContain('/services/botox');
  });

  it('repeats its plan for a seed but never its ids', () => {
    const [a] = plans(1, {}, 9);
    const [b] = plans(1, {}, 9);
    expect(b.pages).toEqual(a.pages);
    expect(b.city).toEqual(a.city);
    expect(b.visitorId).not.toBe(a.visitorId);
  });
});
