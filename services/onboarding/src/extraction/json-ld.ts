/**
 * What a site's schema.org JSON-LD says of the practice: the business (name, description, telephone, e-mail,
 * address, opening hours, specialties, services) and its people. Read within a budget: a page may publish
 * megabytes of JSON-LD.
 */
import type { CrawledPage } from '@pp/crawler';
import { clean } from './page-text';

export interface LdHours {
  days: string[];
  opens: string;
  closes: string;
}

export interface LdBusiness {
  /** The page that published it. */
  page: string;
  /** 0 for a medical or beauty business, 1 LocalBusiness, 2 Organization. */
  rank: number;
  types: string[];
  name: string | null;
  description: string | null;
  telephones: string[];
  emails: string[];
  /** PostalAddress joined 'street, city, ST ZIP', or the address text as published. */
  addresses: string[];
  /** openingHours strings ('Mo-Fr 09:00-18:00'). */
  openingHours: string[];
  openingHoursSpecification: LdHours[];
  specialties: string[];
  /** Names of availableService, hasOfferCatalog and makesOffer items. */
  services: string[];
}

export interface LdPerson {
  page: string;
  name: string;
  honorificPrefix: string | null;
  honorificSuffix: string | null;
  jobTitle: string | null;
}

export interface StructuredFacts {
  /** Best first: by rank, then the home page's, then as crawled. */
  businesses: LdBusiness[];
  people: LdPerson[];
}

/** schema.org types of a practice, by trust (lower is better). */
const BUSINESS_TYPES: ReadonlyMap<string, number> = new Map([
  ['MedicalBusiness', 0],
  ['MedicalClinic', 0],
  ['Dentist', 0],
  ['Physician', 0],
  ['HealthAndBeautyBusiness', 0],
  ['DaySpa', 0],
  ['Dermatology', 0],
  ['PlasticSurgery', 0],
  ['MedicalOrganization', 0],
  ['LocalBusiness', 1],
  ['Organization', 2],
]);

/** Keys under which the practice itself may be nested (WebPage.about, WebSite.publisher, Person.worksFor...). */
const BUSINESS_KEYS = new Set(['', '@graph', 'mainEntity', 'about', 'publisher', 'provider', 'worksFor']);
/** Keys under which its people are. */
const PERSON_KEYS = new Set([
  '',
  '@graph',
  'mainEntity',
  'employee',
  'employees',
  'member',
  'members',
  'founder',
  'founders',
  'physician',
  'medicalStaff',
  // An ItemList of the team: itemListElement → ListItem.item → Person.
  'itemListElement',
  'item',
]);
/** Keys walked into when looking for the business and its people; anything else (author, memberOf, brand...) is not. */
const WALKED_KEYS = new Set([...BUSINESS_KEYS, ...PERSON_KEYS]);

/** JSON values visited at most per page. */
const MAX_NODES = 3_000;
const MAX_DEPTH = 12;
/** Characters of one text value kept. */
const MAX_VALUE = 2_000;
/** Values of one list property kept. */
const MAX_VALUES = 50;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own property, never one inherited from Object.prototype ('constructor', '__proto__'). */
function prop(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** 'https://schema.org/Monday' → 'Monday'. */
const schemaName = (value: string) => value.replace(/^https?:\/\/(?:www\.)?schema\.org\//i, '').trim();

function typesOf(object: Record<string, unknown>): string[] {
  const type = prop(object, '@type');
  const list = Array.isArray(type) ? type.slice(0, 10) : [type];
  return list.filter((t): t is string => typeof t === 'string').map(schemaName);
}

/** Text values of a property: a string, a list of strings, or objects with a name or @value. */
function texts(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') {
    const text = clean(value.slice(0, MAX_VALUE));
    return text ? [text] : [];
  }
  if (typeof value === 'number') return [String(value)];
  if (depth > 2) return [];
  if (Array.isArray(value)) return value.slice(0, MAX_VALUES).flatMap((item) => texts(item, depth + 1));
  if (isObject(value)) {
    const inner = prop(value, 'name') ?? prop(value, '@value');
    return inner === undefined ? [] : texts(inner, depth + 1);
  }
  return [];
}

const first = (value: unknown): string | null => texts(value)[0] ?? null;

/** A PostalAddress as 'street, city, ST ZIP'; an address given as text as it is. */
function addressText(value: unknown): string | null {
  if (typeof value === 'string') return first(value);
  if (!isObject(value)) return null;
  const street = first(prop(value, 'streetAddress'));
  const city = first(prop(value, 'addressLocality'));
  const regionZip = [first(prop(value, 'addressRegion')), first(prop(value, 'postalCode'))]
    .filter(Boolean)
    .join(' ');
  const parts = [street, city, regionZip].filter((part): part is string => !!part);
  return street && parts.length >= 2 ? parts.join(', ') : null;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, MAX_VALUES) : value === undefined ? [] : [value];
}

function hoursSpecifications(value: unknown): LdHours[] {
  const result: LdHours[] = [];
  for (const item of listOf(value)) {
    if (!isObject(item)) continue;
    const days = texts(prop(item, 'dayOfWeek')).map(schemaName);
    const opens = first(prop(item, 'opens'));
    const closes = first(prop(item, 'closes'));
    if (days.length && opens && closes) result.push({ days, opens, closes });
  }
  return result;
}

/** Names of offered services: availableService, and the items of hasOfferCatalog and makesOffer (nested catalogues too). */
function serviceNames(object: Record<string, unknown>): string[] {
  const names: string[] = [];
  // A stack, so pushed in reverse: names come out in the order published.
  const stack: { value: unknown; depth: number }[] = [
    { value: prop(object, 'makesOffer'), depth: 0 },
    { value: prop(object, 'hasOfferCatalog'), depth: 0 },
    { value: prop(object, 'availableService'), depth: 0 },
  ];
  let visited = 0;
  while (stack.length && visited++ < 500 && names.length < MAX_VALUES) {
    const { value, depth } = stack.pop()!;
    if (depth > 6) continue;
    if (typeof value === 'string') {
      names.push(...texts(value));
    } else if (Array.isArray(value)) {
      for (const item of value.slice(0, MAX_VALUES).reverse()) stack.push({ value: item, depth: depth + 1 });
    } else if (isObject(value)) {
      const isCatalogue =
        typesOf(value).includes('OfferCatalog') || prop(value, 'itemListElement') !== undefined;
      const name = first(prop(value, 'name'));
      if (name && !isCatalogue) names.push(name);
      for (const key of ['itemOffered', 'itemListElement']) {
        const inner = prop(value, key);
        if (inner !== undefined) stack.push({ value: inner, depth: depth + 1 });
      }
    }
  }
  return names;
}

function business(page: string, object: Record<string, unknown>, types: string[]): LdBusiness {
  const location = prop(object, 'location');
  const addresses = [
    ...listOf(prop(object, 'address')),
    ...listOf(location).flatMap((place) => (isObject(place) ? listOf(prop(place, 'address')) : [])),
  ]
    .map(addressText)
    .filter((address): address is string => !!address);
  return {
    page,
    rank: Math.min(...types.map((type) => BUSINESS_TYPES.get(type) ?? 3)),
    types,
    name: first(prop(object, 'name')) ?? first(prop(object, 'legalName')),
    description: first(prop(object, 'description')),
    telephones: texts(prop(object, 'telephone')),
    emails: texts(prop(object, 'email')).map((email) => email.replace(/^mailto:/i, '')),
    addresses,
    openingHours: texts(prop(object, 'openingHours')),
    openingHoursSpecification: hoursSpecifications(prop(object, 'openingHoursSpecification')),
    specialties: texts(prop(object, 'medicalSpecialty')).map(schemaName),
    services: serviceNames(object),
  };
}

function person(page: string, object: Record<string, unknown>): LdPerson | null {
  let name = first(prop(object, 'name'));
  if (!name) {
    const given = first(prop(object, 'givenName'));
    const family = first(prop(object, 'familyName'));
    name = given && family ? `${given} ${family}` : null;
  }
  if (!name) return null;
  return {
    page,
    name,
    honorificPrefix: first(prop(object, 'honorificPrefix')),
    honorificSuffix: first(prop(object, 'honorificSuffix')),
    jobTitle: first(prop(object, 'jobTitle')),
  };
}

/**
 * The businesses (MedicalBusiness, MedicalClinic, Dentist, Physician, LocalBusiness, HealthAndBeautyBusiness,
 * DaySpa, Organization...) and people (Person; a Physician listed as an employee) of every page's JSON-LD,
 * `@graph` arrays and nested items included.
 */
export function readStructuredData(
  pages: readonly CrawledPage[],
  home: CrawledPage | undefined,
): StructuredFacts {
  const businesses: { found: LdBusiness; order: number }[] = [];
  const people: LdPerson[] = [];
  pages.forEach((page, pageIndex) => {
    const stack: { value: unknown; key: string; depth: number }[] = page.structuredData
      .slice(0, MAX_VALUES)
      .map((value) => ({ value, key: '', depth: 0 }))
      .reverse();
    let visited = 0;
    while (stack.length && visited++ < MAX_NODES) {
      const { value, key, depth } = stack.pop()!;
      if (depth > MAX_DEPTH) continue;
      if (Array.isArray(value)) {
        for (let i = Math.min(value.length, MAX_VALUES) - 1; i >= 0; i--) {
          stack.push({ value: value[i], key, depth: depth + 1 });
        }
        continue;
      }
      if (!isObject(value)) continue;
      const types = typesOf(value);
      // A Physician is a practice at the top of a page, a person when listed as one of a practice's people.
      const listed = PERSON_KEYS.has(key) && !BUSINESS_KEYS.has(key);
      if (types.includes('Person') || (listed && types.includes('Physician'))) {
        if (PERSON_KEYS.has(key)) {
          const found = person(page.url, value);
          if (found) people.push(found);
        }
      } else if (BUSINESS_KEYS.has(key) && types.some((type) => BUSINESS_TYPES.has(type))) {
        businesses.push({ found: business(page.url, value, types), order: page === home ? -1 : pageIndex });
      }
      const children: { value: unknown; key: string; depth: number }[] = [];
      for (const childKey of Object.keys(value).slice(0, 200)) {
        if (WALKED_KEYS.has(childKey) && childKey !== '') {
          children.push({ value: prop(value, childKey), key: childKey, depth: depth + 1 });
        }
      }
      stack.push(...children.reverse());
    }
  });
  businesses.sort((a, b) => a.found.rank - b.found.rank || a.order - b.order);
  return { businesses: businesses.map(({ found }) => found), people };
}
