/**
 * The public demo's extraction (docs/product/onboarding.md#extracted-data): a practice's facts from its crawled
 * pages, never invented: every value is written on the page its source names. Sources by trust: schema.org
 * JSON-LD, then the head's meta and OpenGraph, then headings and text, then contact links and address patterns.
 * Pure and bounded: no I/O, linear-time patterns, capped inputs and lists.
 */
import type { CrawledPage } from '@pp/crawler';
import { bookingOf } from './booking';
import { addressesIn, emailsIn, phonesIn, usableEmail, validPhone } from './contact-details';
import { type LdBusiness, readStructuredData } from './json-ld';
import { hoursFromSchema, hoursInText, type OpeningHoursSpec } from './opening-hours';
import {
  clean,
  cutAtSentence,
  headingsOf,
  homePage,
  inOrder,
  joinLines,
  MAX_PAGES,
  MAX_PARAGRAPH,
  MAX_TEXT,
  pageKinds,
  paragraphs,
} from './page-text';
import { nameFromTitle } from './practice-name';
import { dedupeProviders, providerFromPerson, providersIn, type ProviderName } from './providers';
import { servicesOf, specialtiesOf } from './services';

export type { OpeningHoursSpec } from './opening-hours';

/** The product's extracted_data (docs/product/onboarding.md#extracted-data). */
export interface ExtractedData {
  practice_name: string | null;
  about_summary: string | null;
  doctors_names: string[];
  specialties: string[];
  key_services: string[];
  address: string | null;
  phone_number: string | null;
  email_address: string | null;
  booking_info: string | null;
  error: string | null;
  warning: string | null;
}

export type ExtractedField = Exclude<keyof ExtractedData, 'error' | 'warning'>;

export interface Extraction {
  data: ExtractedData;
  /** The page each extracted field came from (its URL). */
  sources: Partial<Record<ExtractedField, string>>;
  /** Opening hours when the site states them (schema.org openingHours / openingHoursSpecification, or an hours table/text), with the page. */
  openingHours: { hours: OpeningHoursSpec[]; source: string } | null;
  /** Catalogue procedure keys the services map to (for seeding the new practice's procedures later). */
  procedureKeys: string[];
}

export const ExtractionMessages = {
  nothingFound: 'We could not find information about a practice on this site.',
  /** 'We could not find the practice's phone number or address on the site.' */
  missing: (what: readonly string[]) => `We could not find the practice's ${joinOr(what)} on the site.`,
} as const;

const MAX_NAME = 100;
/** Contact details of one kind read per page (the crawler keeps 20). */
const MAX_CONTACTS = 20;
export const MAX_ABOUT = 400;
/** The fields a prospect expects to see, in the words the warning uses. */
const EXPECTED: readonly [ExtractedField, string][] = [
  ['practice_name', 'name'],
  ['phone_number', 'phone number'],
  ['address', 'address'],
  ['key_services', 'services'],
];

function joinOr(words: readonly string[]): string {
  return words.length <= 1
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

interface Found<T> {
  value: T;
  source: string;
}

const firstOf = <T>(items: readonly T[], read: (item: T) => Found<string> | null): Found<string> | null => {
  for (const item of items) {
    const found = read(item);
    if (found) return found;
  }
  return null;
};

function practiceName(
  pages: readonly CrawledPage[],
  home: CrawledPage,
  businesses: readonly LdBusiness[],
): Found<string> | null {
  const published = businesses.find((business) => business.name);
  if (published?.name) return { value: published.name.slice(0, MAX_NAME), source: published.page };
  const siteNamed = [home, ...pages].find((page) => page.meta.siteName);
  if (siteNamed?.meta.siteName)
    return { value: siteNamed.meta.siteName.slice(0, MAX_NAME), source: siteNamed.url };
  const others = pages.filter((page) => page !== home && page.title).map((page) => page.title!);
  const name = home.title ? nameFromTitle(home.title, others) : null;
  return name ? { value: name, source: home.url } : null;
}

function aboutSummary(
  pages: readonly CrawledPage[],
  home: CrawledPage,
  businesses: readonly LdBusiness[],
): Found<string> | null {
  const published = businesses.find((business) => business.description && business.description.length >= 40);
  if (published?.description)
    return { value: cutAtSentence(published.description, MAX_ABOUT), source: published.page };
  for (const description of [home.meta.description, home.meta.ogDescription]) {
    if (description && description.length >= 40)
      return { value: cutAtSentence(description, MAX_ABOUT), source: home.url };
  }
  // The first 1–2 sentences of an About page's first real paragraph, else of the home page's.
  const about = pages.filter((page) => page !== home && pageKinds(page).has('about'));
  for (const page of [...about, home]) {
    const paragraph = paragraphs(page.text).find(
      (text) => text.length >= 60 && /[.!?]$/.test(text) && !headingsOf(page).includes(text),
    );
    if (paragraph) return { value: cutAtSentence(paragraph, MAX_ABOUT, 2), source: page.url };
  }
  return null;
}

function doctors(
  pages: readonly CrawledPage[],
  people: ReturnType<typeof readStructuredData>['people'],
): Found<string[]> | null {
  const candidates: (ProviderName & { page: string })[] = [];
  for (const person of people) {
    const provider = providerFromPerson(person);
    if (provider) candidates.push({ ...provider, page: person.page });
  }
  // The team page first: its order is the practice's own.
  const team = pages.filter((page) => pageKinds(page).has('team'));
  const rest = pages.filter((page) => !team.includes(page) && !pageKinds(page).has('other-content'));
  for (const page of [...team, ...rest]) {
    for (const text of [...headingsOf(page), ...paragraphs(page.text)]) {
      for (const provider of providersIn(text)) candidates.push({ ...provider, page: page.url });
    }
  }
  const names = dedupeProviders(candidates);
  if (names.length === 0) return null;
  // The page that names most of them.
  const keysByPage = new Map<string, Set<string>>();
  for (const candidate of candidates) {
    const keys = keysByPage.get(candidate.page) ?? new Set<string>();
    keys.add(candidate.key);
    keysByPage.set(candidate.page, keys);
  }
  let source = candidates[0].page;
  let best = 0;
  for (const [page, keys] of keysByPage) {
    const named = names.filter((name) => keys.has(name.key)).length;
    if (named > best) {
      best = named;
      source = page;
    }
  }
  return { value: names.map((name) => name.name), source };
}

/** Pages without the copies of an earlier one ('/' and '/index.html'): the same title and text. */
function distinct(pages: readonly CrawledPage[]): CrawledPage[] {
  const seen = new Set<string>();
  return pages.filter((page) => {
    const key = `${page.title ?? ''}\n${page.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A page's lines where contact details are written: its <address> elements, its footer, its text. */
function contactLines(page: CrawledPage): string[] {
  return [
    ...page.contact.addresses.slice(0, MAX_CONTACTS).map(joinLines),
    joinLines(page.contact.footer),
    ...paragraphs(page.text),
  ];
}

function phoneNumber(pages: readonly CrawledPage[], businesses: readonly LdBusiness[]): Found<string> | null {
  for (const business of businesses) {
    const phone = business.telephones.find((telephone) => validPhone(telephone));
    if (phone) return { value: phone, source: business.page };
  }
  // A tel: link, written as the page writes that number when it does.
  const linked = firstOf(pages, (page) => {
    for (const target of page.contact.phones.slice(0, MAX_CONTACTS)) {
      const number = validPhone(target);
      if (!number) continue;
      const written = contactLines(page)
        .flatMap((line) => phonesIn(line))
        .find((phone) => phone.number === number);
      return { value: written?.written ?? target, source: page.url };
    }
    return null;
  });
  return (
    linked ??
    firstOf(pages, (page) => {
      for (const line of contactLines(page)) {
        const phone = phonesIn(line)[0];
        if (phone) return { value: phone.written, source: page.url };
      }
      return null;
    })
  );
}

function emailAddress(
  pages: readonly CrawledPage[],
  businesses: readonly LdBusiness[],
): Found<string> | null {
  for (const business of businesses) {
    const email = business.emails.map(usableEmail).find(Boolean);
    if (email) return { value: email, source: business.page };
  }
  return (
    firstOf(pages, (page) => {
      const email = page.contact.emails.slice(0, MAX_CONTACTS).map(usableEmail).find(Boolean);
      return email ? { value: email, source: page.url } : null;
    }) ??
    firstOf(pages, (page) => {
      for (const line of contactLines(page)) {
        const email = emailsIn(line)[0];
        if (email) return { value: email, source: page.url };
      }
      return null;
    })
  );
}

function address(pages: readonly CrawledPage[], businesses: readonly LdBusiness[]): Found<string> | null {
  const published = businesses.find((business) => business.addresses.length > 0);
  if (published) return { value: published.addresses[0], source: published.page };
  const inElements = firstOf(pages, (page) => {
    for (const element of page.contact.addresses.slice(0, MAX_CONTACTS)) {
      const found = addressesIn(joinLines(element))[0];
      if (found) return { value: found, source: page.url };
    }
    return null;
  });
  if (inElements) return inElements;
  return firstOf(pages, (page) => {
    const footer = addressesIn(joinLines(page.contact.footer))[0];
    if (footer) return { value: footer, source: page.url };
    const lines = paragraphs(page.text);
    for (let i = 0; i < lines.length; i++) {
      if (!/\d{5}/.test(lines[i])) continue;
      // A street and its town may be lines of their own.
      const found =
        addressesIn(lines[i])[0] ?? addressesIn(lines.slice(Math.max(0, i - 2), i + 1).join(', '))[0];
      if (found) return { value: found, source: page.url };
    }
    return null;
  });
}

function openingHours(
  pages: readonly CrawledPage[],
  businesses: readonly LdBusiness[],
): { hours: OpeningHoursSpec[]; source: string } | null {
  for (const business of businesses) {
    const hours = hoursFromSchema(business.openingHoursSpecification, business.openingHours);
    if (hours.length) return { hours, source: business.page };
  }
  for (const page of pages) {
    const hours = hoursInText([...paragraphs(page.text), ...paragraphs(page.contact.footer)]);
    if (hours.length) return { hours, source: page.url };
  }
  return null;
}

/** Texts where a practice says what it is: titles, descriptions and headings; the home and About pages' text. */
function selfDescriptions(
  pages: readonly CrawledPage[],
  home: CrawledPage,
  businesses: readonly LdBusiness[],
) {
  const texts = pages
    .filter((page) => !pageKinds(page).has('other-content'))
    .map((page) => {
      const parts = [
        page.title ?? '',
        page.meta.description ?? '',
        page.meta.ogDescription ?? '',
        ...headingsOf(page),
      ].map((part) => part.slice(0, MAX_PARAGRAPH));
      if (page === home || pageKinds(page).has('about')) parts.push(page.text.slice(0, MAX_TEXT));
      return { page: page.url, text: parts.join('\n') };
    });
  for (const business of businesses) {
    if (business.description) texts.push({ page: business.page, text: business.description });
  }
  return texts;
}

/** `error` when nothing was found; else `warning` naming what a prospect would miss (name, phone, address, services). */
export function judged(
  sources: Partial<Record<ExtractedField, string>>,
): Pick<ExtractedData, 'error' | 'warning'> {
  if ((Object.keys(sources) as ExtractedField[]).length === 0) {
    return { error: ExtractionMessages.nothingFound, warning: null };
  }
  const missing = EXPECTED.filter(([field]) => !sources[field]).map(([, words]) => words);
  return { error: null, warning: missing.length ? ExtractionMessages.missing(missing) : null };
}

/**
 * The practice's facts from its crawled pages (`siteUrl`: the website the prospect entered, which tells the home
 * page). Fields not found are null or empty; `warning` names what a prospect would miss of name, phone number,
 * address and services; `error` says nothing usable was found.
 */
export function extractPractice(pages: readonly CrawledPage[], siteUrl: string): Extraction {
  const read = distinct(pages.slice(0, MAX_PAGES));
  const data: ExtractedData = {
    practice_name: null,
    about_summary: null,
    doctors_names: [],
    specialties: [],
    key_services: [],
    address: null,
    phone_number: null,
    email_address: null,
    booking_info: null,
    error: null,
    warning: null,
  };
  const sources: Partial<Record<ExtractedField, string>> = {};
  const home = homePage(read, siteUrl);
  if (!home)
    return {
      data: { ...data, error: ExtractionMessages.nothingFound },
      sources,
      openingHours: null,
      procedureKeys: [],
    };

  const { businesses, people } = readStructuredData(read, home);
  const contactOrder = inOrder(read, home, ['contact', 'about', 'booking']);
  const set = <F extends ExtractedField>(field: F, found: Found<ExtractedData[F]> | null) => {
    if (!found) return;
    data[field] = found.value;
    sources[field] = found.source;
  };

  set('practice_name', practiceName(read, home, businesses));
  set('about_summary', aboutSummary(read, home, businesses));
  set('doctors_names', doctors(read, people));
  set('phone_number', phoneNumber(contactOrder, businesses));
  set('email_address', emailAddress(contactOrder, businesses));
  set('address', address(contactOrder, businesses));

  const servicePages = read.filter((page) => page === home || pageKinds(page).has('services'));
  const services = servicesOf(
    servicePages.length > 1 ? servicePages : read.filter((page) => !pageKinds(page).has('other-content')),
    businesses.flatMap((business) => business.services.map((text) => ({ page: business.page, text }))),
  );
  if (services.names.length && services.source)
    set('key_services', { value: services.names, source: services.source });

  const published = businesses.find((business) => business.specialties.length > 0);
  const specialties = specialtiesOf(
    published ? { page: published.page, values: published.specialties } : null,
    selfDescriptions(read, home, businesses),
  );
  if (specialties.names.length && specialties.source) {
    set('specialties', { value: specialties.names, source: specialties.source });
  }

  const booking = bookingOf(inOrder(read, home, ['booking', 'contact']));
  if (booking) set('booking_info', { value: booking.text, source: booking.source });

  return {
    data: { ...data, ...judged(sources), practice_name: data.practice_name && clean(data.practice_name) },
    sources,
    openingHours: openingHours(contactOrder, businesses),
    procedureKeys: services.keys,
  };
}
