// The pure half of `npm run simulate`: who visits a demo practice's website, from where, what they read and for
// how long, and what they write in its forms. No I/O here: everything is drawn from a `Random` so that the unit
// tests (traffic.spec.ts) can pin a seed. Choices: docs/decisions/0030-traffic-simulator.md.
import { randomUUID } from 'node:crypto';
import { TRAFFIC_SOURCES, type TrafficSource } from '@pp/contracts';

/** A number in [0, 1), like Math.random. */
export type Random = () => number;

/** A seeded generator (mulberry32): the same seed plans the same traffic. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/** One of `items`, each as likely as its weight (weights need not add up to anything). */
export function pickWeighted<T>(random: Random, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
  let left = random() * total;
  for (const item of items) {
    left -= Math.max(0, weight(item));
    if (left < 0) return item;
  }
  return items[items.length - 1];
}

/** A whole number in [min, max]. */
export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

const hex = (random: Random, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const alnum = (random: Random, length: number) =>
  Array.from({ length }, () =>
    pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-']),
  ).join('');

// ---------------------------------------------------------------------------------------------------------------
// Traffic sources: the spec's nine keys (@pp/contracts) and how a visit from each really arrives (referrer,
// click ids, UTM).
// ---------------------------------------------------------------------------------------------------------------

/** How often each source brings a visitor to a local practice's site (organic search first, then ads and social). */
export const SOURCE_WEIGHTS: Record<TrafficSource, number> = {
  google: 30,
  direct: 17,
  google_ads: 14,
  instagram: 9,
  facebook: 8,
  referral: 9,
  bing: 5,
  microsoft_ads: 4,
  yahoo: 4,
};

/** Sites that link to practices (review sites, directories, neighbourhood forums, mail). */
const REFERRERS = [
  'https://www.yelp.com/',
  'https://www.realself.com/',
  'https://nextdoor.com/',
  'https://www.healthgrades.com/',
  'https://duckduckgo.com/',
  'https://mail.google.com/',
  'https://www.zocdoc.com/',
];

const CAMPAIGNS = ['brand', 'consult_offer', 'local_search', 'new_patient', 'spring_special'];

/** The first page's address and referrer of a visit from `source`, as a browser would report them. */
export interface Arrival {
  /** Query string to add to the landing page (with its `?`), or ''. */
  query: string;
  referrer: string | null;
}

export function arrivalFor(source: TrafficSource, random: Random): Arrival {
  const campaign = pick(random, CAMPAIGNS);
  switch (source) {
    case 'direct':
      return { query: '', referrer: null };
    case 'google':
      return {
        query: '',
        referrer: pick(random, ['https://www.google.com/', 'https://www.google.com/search']),
      };
    case 'google_ads':
      // Auto-tagging: Google appends gclid (and usually the UTM tags the practice configured).
      return {
        query: `?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=Cj0KCQ${alnum(random, 40)}`,
        referrer: 'https://www.google.com/',
      };
    case 'microsoft_ads':
      return {
        query: `?utm_source=bing&utm_medium=cpc&utm_campaign=${campaign}&msclkid=${hex(random, 32)}`,
        referrer: 'https://www.bing.com/',
      };
    case 'instagram':
      // Links in a profile or an ad open through Instagram's link shim, which adds fbclid.
      return random() < 0.6
        ? { query: `?fbclid=PAZXh0bgNhZW0C${alnum(random, 40)}`, referrer: 'https://l.instagram.com/' }
        : { query: '', referrer: 'https://www.instagram.com/' };
    case 'facebook':
      return {
        query: `?fbclid=IwAR${alnum(random, 44)}`,
        referrer: pick(random, [
          'https://l.facebook.com/',
          'https://m.facebook.com/',
          'https://lm.facebook.com/',
        ]),
      };
    case 'bing':
      return { query: '', referrer: 'https://www.bing.com/' };
    case 'yahoo':
      return {
        query: '',
        referrer: pick(random, ['https://search.yahoo.com/', 'https://r.search.yahoo.com/']),
      };
    case 'referral':
      return { query: '', referrer: pick(random, REFERRERS) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Where visitors are: US cities as a CDN's edge locates them.
// ---------------------------------------------------------------------------------------------------------------

export interface City {
  city: string;
  /** The state's name, as CDNs send the region. */
  region: string;
  /** Two-letter state code, to favour the practice's own state. */
  state: string;
  latitude: number;
  longitude: number;
  /** An area code of the city, for the phone numbers its visitors type into forms. */
  areaCode: string;
  /** Rough share of a nationwide audience. */
  weight: number;
}

export const US_CITIES: readonly City[] = [
  {
    city: 'New York',
    region: 'New York',
    state: 'NY',
    latitude: 40.7128,
    longitude: -74.006,
    areaCode: '212',
    weight: 10,
  },
  {
    city: 'Brooklyn',
    region: 'New York',
    state: 'NY',
    latitude: 40.6782,
    longitude: -73.9442,
    areaCode: '718',
    weight: 5,
  },
  {
    city: 'Los Angeles',
    region: 'California',
    state: 'CA',
    latitude: 34.0522,
    longitude: -118.2437,
    areaCode: '213',
    weight: 9,
  },
  {
    city: 'San Diego',
    region: 'California',
    state: 'CA',
    latitude: 32.7157,
    longitude: -117.1611,
    areaCode: '619',
    weight: 4,
  },
  {
    city: 'San Francisco',
    region: 'California',
    state: 'CA',
    latitude: 37.7749,
    longitude: -122.4194,
    areaCode: '415',
    weight: 4,
  },
  {
    city: 'San Jose',
    region: 'California',
    state: 'CA',
    latitude: 37.3382,
    longitude: -121.8863,
    areaCode: '408',
    weight: 3,
  },
  {
    city: 'Chicago',
    region: 'Illinois',
    state: 'IL',
    latitude: 41.8781,
    longitude: -87.6298,
    areaCode: '312',
    weight: 7,
  },
  {
    city: 'Houston',
    region: 'Texas',
    state: 'TX',
    latitude: 29.7604,
    longitude: -95.3698,
    areaCode: '713',
    weight: 6,
  },
  {
    city: 'Dallas',
    region: 'Texas',
    state: 'TX',
    latitude: 32.7767,
    longitude: -96.797,
    areaCode: '214',
    weight: 5,
  },
  {
    city: 'Plano',
    region: 'Texas',
    state: 'TX',
    latitude: 33.0198,
    longitude: -96.6989,
    areaCode: '972',
    weight: 2,
  },
  {
    city: 'Fort Worth',
    region: 'Texas',
    state: 'TX',
    latitude: 32.7555,
    longitude: -97.3308,
    areaCode: '817',
    weight: 3,
  },
  {
    city: 'Frisco',
    region: 'Texas',
    state: 'TX',
    latitude: 33.1507,
    longitude: -96.8236,
    areaCode: '469',
    weight: 2,
  },
  {
    city: 'Irving',
    region: 'Texas',
    state: 'TX',
    latitude: 32.814,
    longitude: -96.9489,
    areaCode: '972',
    weight: 2,
  },
  {
    city: 'Austin',
    region: 'Texas',
    state: 'TX',
    latitude: 30.2672,
    longitude: -97.7431,
    areaCode: '512',
    weight: 4,
  },
  {
    city: 'San Antonio',
    region: 'Texas',
    state: 'TX',
    latitude: 29.4241,
    longitude: -98.4936,
    areaCode: '210',
    weight: 4,
  },
  {
    city: 'Phoenix',
    region: 'Arizona',
    state: 'AZ',
    latitude: 33.4484,
    longitude: -112.074,
    areaCode: '602',
    weight: 5,
  },
  {
    city: 'Scottsdale',
    region: 'Arizona',
    state: 'AZ',
    latitude: 33.4942,
    longitude: -111.9261,
    areaCode: '480',
    weight: 2,
  },
  {
    city: 'Philadelphia',
    region: 'Pennsylvania',
    state: 'PA',
    latitude: 39.9526,
    longitude: -75.1652,
    areaCode: '215',
    weight: 4,
  },
  {
    city: 'Miami',
    region: 'Florida',
    state: 'FL',
    latitude: 25.7617,
    longitude: -80.1918,
    areaCode: '305',
    weight: 5,
  },
  {
    city: 'Orlando',
    region: 'Florida',
    state: 'FL',
    latitude: 28.5383,
    longitude: -81.3792,
    areaCode: '407',
    weight: 3,
  },
  {
    city: 'Tampa',
    region: 'Florida',
    state: 'FL',
    latitude: 27.9506,
    longitude: -82.4572,
    areaCode: '813',
    weight: 3,
  },
  {
    city: 'Atlanta',
    region: 'Georgia',
    state: 'GA',
    latitude: 33.749,
    longitude: -84.388,
    areaCode: '404',
    weight: 5,
  },
  {
    city: 'Charlotte',
    region: 'North Carolina',
    state: 'NC',
    latitude: 35.2271,
    longitude: -80.8431,
    areaCode: '704',
    weight: 3,
  },
  {
    city: 'Nashville',
    region: 'Tennessee',
    state: 'TN',
    latitude: 36.1627,
    longitude: -86.7816,
    areaCode: '615',
    weight: 3,
  },
  {
    city: 'Denver',
    region: 'Colorado',
    state: 'CO',
    latitude: 39.7392,
    longitude: -104.9903,
    areaCode: '303',
    weight: 3,
  },
  {
    city: 'Seattle',
    region: 'Washington',
    state: 'WA',
    latitude: 47.6062,
    longitude: -122.3321,
    areaCode: '206',
    weight: 4,
  },
  {
    city: 'Portland',
    region: 'Oregon',
    state: 'OR',
    latitude: 45.5152,
    longitude: -122.6784,
    areaCode: '503',
    weight: 2,
  },
  {
    city: 'Las Vegas',
    region: 'Nevada',
    state: 'NV',
    latitude: 36.1699,
    longitude: -115.1398,
    areaCode: '702',
    weight: 3,
  },
  {
    city: 'Boston',
    region: 'Massachusetts',
    state: 'MA',
    latitude: 42.3601,
    longitude: -71.0589,
    areaCode: '617',
    weight: 4,
  },
  {
    city: 'Washington',
    region: 'District of Columbia',
    state: 'DC',
    latitude: 38.9072,
    longitude: -77.0369,
    areaCode: '202',
    weight: 3,
  },
  {
    city: 'Minneapolis',
    region: 'Minnesota',
    state: 'MN',
    latitude: 44.9778,
    longitude: -93.265,
    areaCode: '612',
    weight: 2,
  },
  {
    city: 'Detroit',
    region: 'Michigan',
    state: 'MI',
    latitude: 42.3314,
    longitude: -83.0458,
    areaCode: '313',
    weight: 2,
  },
  {
    city: 'Columbus',
    region: 'Ohio',
    state: 'OH',
    latitude: 39.9612,
    longitude: -82.9988,
    areaCode: '614',
    weight: 2,
  },
  {
    city: 'Salt Lake City',
    region: 'Utah',
    state: 'UT',
    latitude: 40.7608,
    longitude: -111.891,
    areaCode: '801',
    weight: 2,
  },
];

/** How much more likely a city in the practice's own state is: a practice's visitors are mostly local. */
export const HOME_STATE_BOOST = 8;

/** The two-letter state of an address like '2100 McKinney Ave, Dallas, TX 75201', else null. */
export function stateOfAddress(address: string | null | undefined): string | null {
  const match =
    /,\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(address ?? '') ?? /,\s*([A-Z]{2})\s*$/.exec(address ?? '');
  return match ? match[1] : null;
}

export function pickCity(random: Random, homeState: string | null): City {
  return pickWeighted(
    random,
    US_CITIES,
    (city) => city.weight * (city.state === homeState ? HOME_STATE_BOOST : 1),
  );
}

const CLOUDFRONT = 'cloudfront-viewer-';

/** The visitor-location headers a CDN adds to each request at its edge (the providers analytics can trust). */
export type GeoHeaderProvider = 'cloudflare' | 'cloudfront' | 'vercel';
export const GEO_HEADER_PROVIDERS: readonly GeoHeaderProvider[] = ['cloudflare', 'cloudfront', 'vercel'];

export function geoHeaders(city: City, provider: GeoHeaderProvider | 'none'): Record<string, string> {
  const lat = city.latitude.toFixed(4);
  const lon = city.longitude.toFixed(4);
  switch (provider) {
    case 'cloudflare':
      return {
        'cf-ipcountry': 'US',
        'cf-ipcity': city.city,
        'cf-region': city.region,
        'cf-region-code': city.state,
        'cf-iplatitude': lat,
        'cf-iplongitude': lon,
      };
    case 'cloudfront':
      // CloudFront's viewer headers share one prefix (built from it: a 37-character literal reads as a secret).
      return {
        [`${CLOUDFRONT}country`]: 'US',
        [`${CLOUDFRONT}city`]: city.city,
        [`${CLOUDFRONT}country-region-name`]: city.region,
        [`${CLOUDFRONT}country-region`]: city.state,
        [`${CLOUDFRONT}latitude`]: lat,
        [`${CLOUDFRONT}longitude`]: lon,
      };
    case 'vercel':
      return {
        'x-vercel-ip-country': 'US',
        // Vercel percent-encodes the city.
        'x-vercel-ip-city': encodeURIComponent(city.city),
        'x-vercel-ip-country-region': city.state,
        'x-vercel-ip-latitude': lat,
        'x-vercel-ip-longitude': lon,
      };
    case 'none':
      return {};
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Browsers: real, current user agents (bots are dropped by the ingress, isbot).
// ---------------------------------------------------------------------------------------------------------------

export const USER_AGENTS: readonly { agent: string; weight: number }[] = [
  {
    agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    weight: 30,
  },
  {
    agent:
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    weight: 18,
  },
  {
    agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    weight: 20,
  },
  {
    agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    weight: 10,
  },
  {
    agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    weight: 8,
  },
  {
    agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    weight: 7,
  },
  {
    agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    weight: 3,
  },
  {
    agent:
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    weight: 4,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// The practice's website: pages, how long people read them, the forms on them.
// ---------------------------------------------------------------------------------------------------------------

export interface SitePage {
  path: string;
  title: string;
  /** Seconds a visitor typically stays: [min, max]. */
  dwell: [number, number];
  /** The procedure the page is about (a form sent from it is likely about it too). */
  procedure?: string;
}

export type PracticeKind = 'aesthetics' | 'dental';

/** Dental practices get a dentist's pages; everyone else (med spas, plastic surgery) an aesthetics site. */
export function practiceKind(name: string): PracticeKind {
  return /dental|dentist|orthodont|smile/i.test(name) ? 'dental' : 'aesthetics';
}

const COMMON_PAGES: SitePage[] = [
  { path: '/', title: 'Home', dwell: [15, 90] },
  { path: '/about', title: 'About Us', dwell: [20, 80] },
  { path: '/reviews', title: 'Patient Reviews', dwell: [30, 120] },
  { path: '/pricing', title: 'Pricing', dwell: [40, 180] },
  { path: '/contact', title: 'Contact Us', dwell: [30, 120] },
];

const PROCEDURE_PAGES: Record<PracticeKind, SitePage[]> = {
  aesthetics: [
    { path: '/services/botox', title: 'Botox', dwell: [40, 200], procedure: 'Botox' },
    { path: '/services/lip-filler', title: 'Lip Filler', dwell: [40, 200], procedure: 'Lip Filler' },
    {
      path: '/services/dermal-fillers',
      title: 'Dermal Fillers',
      dwell: [30, 160],
      procedure: 'Dermal Fillers',
    },
    { path: '/services/coolsculpting', title: 'CoolSculpting', dwell: [45, 240], procedure: 'CoolSculpting' },
    {
      path: '/services/laser-hair-removal',
      title: 'Laser Hair Removal',
      dwell: [30, 150],
      procedure: 'Laser Hair Removal',
    },
    { path: '/services/hydrafacial', title: 'HydraFacial', dwell: [25, 120], procedure: 'HydraFacial' },
    { path: '/before-and-after', title: 'Before & After Gallery', dwell: [45, 300] },
  ],
  dental: [
    {
      path: '/services/teeth-whitening',
      title: 'Teeth Whitening',
      dwell: [30, 150],
      procedure: 'Teeth Whitening',
    },
    { path: '/services/invisalign', title: 'Invisalign', dwell: [45, 240], procedure: 'Invisalign' },
    {
      path: '/services/dental-implants',
      title: 'Dental Implants',
      dwell: [45, 240],
      procedure: 'Dental Implants',
    },
    { path: '/services/veneers', title: 'Porcelain Veneers', dwell: [40, 200], procedure: 'Veneers' },
    { path: '/services/cleanings', title: 'Cleanings & Exams', dwell: [20, 90], procedure: 'Cleaning' },
    { path: '/new-patients', title: 'New Patients', dwell: [30, 150] },
  ],
};

const BOOKING_PAGE: SitePage = { path: '/book-consultation', title: 'Book a Consultation', dwell: [40, 150] };

export function sitePages(kind: PracticeKind): SitePage[] {
  return [...COMMON_PAGES, ...PROCEDURE_PAGES[kind], BOOKING_PAGE];
}

// ---------------------------------------------------------------------------------------------------------------
// People who write in: names, phones in the fictional 555-01xx range, e-mail at reserved example domains.
// ---------------------------------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Emma',
  'Olivia',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Charlotte',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Madison',
  'Chloe',
  'Grace',
  'Lily',
  'Hannah',
  'Natalie',
  'Zoe',
  'Leah',
  'Camila',
  'Valeria',
  'Lucia',
  'Maria',
  'Priya',
  'Aisha',
  'Mei',
  'James',
  'Michael',
  'Daniel',
  'David',
  'Ryan',
  'Marcus',
  'Carlos',
  'Ethan',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Patel',
  'Nguyen',
  'Kim',
];
/** Reserved for documentation (RFC 2606): nothing is ever delivered there. */
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example'];

export interface Inquirer {
  firstName: string;
  lastName: string;
  /** E.164; the 555-0100…0199 lines are fictional in every US area code. */
  phone: string;
  email: string;
}

export function inquirer(random: Random, city: City): Inquirer {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const tag = between(random, 10, 9999);
  return {
    firstName,
    lastName,
    phone: `+1${city.areaCode}5550${between(random, 100, 199)}`,
    email: `${firstName}.${lastName}${tag}@${pick(random, EMAIL_DOMAINS)}`.toLowerCase(),
  };
}

const QUESTIONS = [
  'How much does {p} cost, and do you offer financing?',
  'I would like to book a consultation for {p}. Do you have anything next week?',
  'Is there any downtime after {p}? I have an event in three weeks.',
  'Do you have evening or Saturday appointments for {p}?',
  'My friend recommended you. What does a first visit for {p} look like?',
  'Does {p} hurt? I am a little nervous but very interested.',
  'Hi! Could someone call me about {p}? Afternoons are best.',
];

/** What a visitor types into the practice's contact form (field names as websites commonly name them). */
export function formFields(
  random: Random,
  person: Inquirer,
  procedure: string,
  location: string | null,
  options: { withPhone: boolean },
): Record<string, string> {
  const fields: Record<string, string> = {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
  };
  if (options.withPhone) fields.phone = person.phone;
  fields.service = procedure;
  if (location) fields.location = location;
  fields.message = pick(random, QUESTIONS).replace('{p}', procedure);
  fields.preferred_time = pick(random, ['Morning', 'Afternoon', 'Evening', 'Any time']);
  if (options.withPhone) fields.consent = 'I agree to receive texts and calls about my inquiry';
  return fields;
}

const REPLIES = [
  'Thanks! Do you have anything Thursday afternoon?',
  'Yes please, what times do you have next week?',
  'How much would it be in total?',
  'Great, can I come in on Saturday morning?',
  'Is there parking near the clinic?',
  'Perfect, mornings work best for me.',
  'Do you take CareCredit?',
];

export const replyText = (random: Random) => pick(random, REPLIES);

// ---------------------------------------------------------------------------------------------------------------
// A visit: the plan of one visitor's session.
// ---------------------------------------------------------------------------------------------------------------

export interface PlannedPage {
  url: string;
  title: string;
  /** The page before it on the site, or the arrival's referrer for the first. */
  referrer: string | null;
  /** Seconds after the visit's start that the page opens. */
  at: number;
  /** Seconds the visitor stays on it. */
  dwell: number;
}

export interface VisitPlan {
  visitorId: string;
  sessionId: string;
  source: TrafficSource;
  city: City;
  userAgent: string;
  pages: PlannedPage[];
  /** A form sent from the last page, `seconds` after it opened. */
  form: { fields: Record<string, string>; at: number; person: Inquirer; procedure: string } | null;
}

export interface PlanContext {
  /** The practice's website, e.g. https://www.glowaesthetics.example */
  siteUrl: string;
  kind: PracticeKind;
  homeState: string | null;
  /** Location names a form may offer (active locations). */
  locations: string[];
  /** Probability that a visit ends in a form. */
  formRate: number;
  /** Whether forms carry a phone (only while texts and calls stay in the sandbox). */
  withPhone: boolean;
}

/** Builds a page's absolute address on the practice's site. */
export function pageUrl(siteUrl: string, path: string, query = ''): string {
  const base = new URL(siteUrl);
  return new URL(path + query, base.origin).toString();
}

/** Where a visitor lands from `source`: ads land on procedure pages, everyone else mostly on the home page. */
function landingPage(random: Random, source: TrafficSource, pages: SitePage[]): SitePage {
  const procedures = pages.filter((page) => page.procedure);
  if (
    source === 'google_ads' ||
    source === 'microsoft_ads' ||
    source === 'facebook' ||
    source === 'instagram'
  ) {
    return random() < 0.7 ? pick(random, procedures) : pages[0];
  }
  if (source === 'google' || source === 'bing' || source === 'yahoo') {
    return random() < 0.5
      ? pick(
          random,
          pages.filter((page) => page !== pages[0]),
        )
      : pages[0];
  }
  return random() < 0.75 ? pages[0] : pick(random, pages);
}

/**
 * One visitor's session: where they came from and are, their browser, 1–5 pages with reading times, and with
 * probability `formRate` a form on the booking or contact page at the end.
 */
export function planVisit(random: Random, context: PlanContext): VisitPlan {
  const source = pickWeighted(random, TRAFFIC_SOURCES, (key) => SOURCE_WEIGHTS[key]);
  const city = pickCity(random, context.homeState);
  const userAgent = pickWeighted(random, USER_AGENTS, (entry) => entry.weight).agent;
  const pages = sitePages(context.kind);
  const arrival = arrivalFor(source, random);
  const wantsForm = random() < context.formRate;
  // Bounces are common: 40 % see one page; the rest 2–5. Who writes in looks around less and heads for the form.
  const count = wantsForm ? between(random, 2, 3) : random() < 0.4 ? 1 : between(random, 2, 5);
  const planned: PlannedPage[] = [];
  let at = 0;
  let previous: SitePage | null = null;
  let procedure: string | null = null;
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    let page: SitePage;
    if (index === 0) page = landingPage(random, source, pages);
    else if (last && wantsForm)
      page = pick(random, [BOOKING_PAGE, pages.find((p) => p.path === '/contact')!]);
    else
      page = pick(
        random,
        pages.filter((candidate) => candidate !== previous && candidate !== BOOKING_PAGE),
      );
    if (page.procedure) procedure = page.procedure;
    const url =
      index === 0 ? pageUrl(context.siteUrl, page.path, arrival.query) : pageUrl(context.siteUrl, page.path);
    const referrer = index === 0 ? arrival.referrer : planned[index - 1].url;
    const dwell = between(random, page.dwell[0], page.dwell[1]);
    planned.push({ url, title: page.title, referrer, at, dwell });
    at += dwell + between(random, 1, 4);
    previous = page;
  }
  let form: VisitPlan['form'] = null;
  if (wantsForm) {
    const person = inquirer(random, city);
    const chosen =
      procedure ??
      pick(
        random,
        pages.filter((page) => page.procedure),
      ).procedure!;
    const location = context.locations.length > 0 && random() < 0.7 ? pick(random, context.locations) : null;
    const last = planned[planned.length - 1];
    const fields = formFields(random, person, chosen, location, { withPhone: context.withPhone });
    form = { fields, person, procedure: chosen, at: Math.min(last.dwell - 1, between(random, 25, 90)) };
  }
  // Ids are always fresh (the ingress dedupes by event id): a seed repeats the plan, never the ids.
  return { visitorId: randomUUID(), sessionId: randomUUID(), source, city, userAgent, pages: planned, form };
}

/** Seconds until the next visitor arrives, for `perMinute` visitors a minute on average (a Poisson process). */
export function nextArrivalSeconds(random: Random, perMinute: number): number {
  return -Math.log(1 - random()) * (60 / perMinute);
}
