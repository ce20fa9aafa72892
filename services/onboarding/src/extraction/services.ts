/**
 * What a practice offers and what it is: its services as procedures of the catalogue, and its specialties in a
 * small vocabulary.
 */
import { CATALOGUE_PROCEDURES, matchCatalogueProcedures } from '@pp/ai';
import type { CrawledPage } from '@pp/crawler';
import { headingsOf, MAX_TEXT } from './page-text';

export const MAX_SERVICES = 15;
/** Characters of a service page's text matched against the catalogue (the matcher reads about 1 MB/s). */
const MAX_SERVICE_TEXT = 20_000;
/** Characters matched against the catalogue in all. */
const MAX_SERVICE_TEXT_IN_ALL = 300_000;

const CATALOGUE_NAMES: ReadonlyMap<string, string> = new Map(
  CATALOGUE_PROCEDURES.map((procedure) => [procedure.key, procedure.name]),
);

export interface ServicesFound {
  /** Catalogue names, most pages first. */
  names: string[];
  /** Their catalogue keys, in the same order. */
  keys: string[];
  /** The page that names most of them. */
  source: string | null;
}

/**
 * A practice's services: the catalogue procedures that its pages' headings and text name (extra texts: JSON-LD
 * service names, counted as one more mention on their page), ranked by how many pages name them, then by how
 * often, then by first mention; at most MAX_SERVICES.
 */
export function servicesOf(
  pages: readonly CrawledPage[],
  extra: readonly { page: string; text: string }[] = [],
): ServicesFound {
  const stats = new Map<string, { pages: Set<string>; mentions: number; first: number }>();
  const byPage = new Map<string, Set<string>>();
  let order = 0;
  let budget = MAX_SERVICE_TEXT_IN_ALL;
  const count = (page: string, text: string) => {
    const read = text.slice(0, Math.max(0, budget));
    budget -= read.length;
    for (const match of matchCatalogueProcedures(read)) {
      const stat = stats.get(match.key) ?? { pages: new Set<string>(), mentions: 0, first: order++ };
      stat.pages.add(page);
      stat.mentions++;
      stats.set(match.key, stat);
      const keys = byPage.get(page) ?? new Set<string>();
      keys.add(match.key);
      byPage.set(page, keys);
    }
  };
  for (const page of pages) {
    count(
      page.url,
      `${headingsOf(page).join('\n')}\n${page.text.slice(0, Math.min(MAX_TEXT, MAX_SERVICE_TEXT))}`,
    );
  }
  for (const { page, text } of extra.slice(0, 100)) count(page, text.slice(0, 1_000));
  const keys = [...stats.entries()]
    .sort(([, a], [, b]) => b.pages.size - a.pages.size || b.mentions - a.mentions || a.first - b.first)
    .slice(0, MAX_SERVICES)
    .map(([key]) => key);
  const reported = new Set(keys);
  let source: string | null = null;
  let best = 0;
  for (const [page, pageKeys] of byPage) {
    const named = [...pageKeys].filter((key) => reported.has(key)).length;
    if (named > best) {
      best = named;
      source = page;
    }
  }
  return { names: keys.map((key) => CATALOGUE_NAMES.get(key) ?? key), keys, source };
}

/**
 * The specialties vocabulary: what a practice calls itself, by the words sites use for it. Kept small on purpose:
 * the demo shows what kind of practice this is, not every field the staff trained in. A JSON-LD medicalSpecialty
 * or type outside it is reported as published ('https://schema.org/PlasticSurgery' → 'Plastic Surgery').
 */
const SPECIALTIES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Med Spa', pattern: /\bmed(?:ical)?[ -]?spas?\b/i },
  {
    name: 'Aesthetic Medicine',
    pattern:
      /\b(?:aesthetic|cosmetic) medicine\b|\bmedical aesthetics\b|\baesthetics? (?:clinic|studio|practice|center)\b/i,
  },
  {
    name: 'Facial Plastic Surgery',
    pattern: /\bfacial plastic (?:and reconstructive )?(?:surgery|surgeons?)\b/i,
  },
  { name: 'Plastic Surgery', pattern: /\bplastic (?:and reconstructive )?(?:surgery|surgeons?)\b/i },
  { name: 'Cosmetic Surgery', pattern: /\bcosmetic (?:surgery|surgeons?)\b/i },
  { name: 'Dermatology', pattern: /\bdermatology\b|\bdermatologists?\b/i },
  { name: 'Cosmetic Dentistry', pattern: /\bcosmetic (?:dentistry|dentists?)\b/i },
  { name: 'General Dentistry', pattern: /\b(?:general|family) (?:dentistry|dentists?)\b/i },
  { name: 'Orthodontics', pattern: /\borthodontics\b|\borthodontists?\b/i },
  { name: 'Oral Surgery', pattern: /\boral (?:and maxillofacial )?(?:surgery|surgeons?)\b/i },
  { name: 'Periodontics', pattern: /\bperiodontics\b|\bperiodontists?\b/i },
  { name: 'Pediatric Dentistry', pattern: /\bpediatric (?:dentistry|dentists?)\b/i },
  { name: 'Medical Weight Loss', pattern: /\bmedical weight loss\b/i },
];

export const MAX_SPECIALTIES = 6;

/** 'PlasticSurgery' → 'Plastic Surgery'. */
const spaced = (name: string) => name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').trim();

/** Vocabulary names a text uses ('a physician-led medical spa' → ['Med Spa']). */
export function specialtiesIn(text: string): string[] {
  const names: string[] = [];
  for (const { name, pattern } of SPECIALTIES) {
    const match = pattern.exec(text);
    // 'Facial Plastic Surgery' also says 'Plastic Surgery': only where 'plastic surgery' stands alone.
    if (
      match &&
      !(name === 'Plastic Surgery' && names.includes('Facial Plastic Surgery') && !standsAlone(text))
    ) {
      names.push(name);
    }
  }
  return names;
}

const standsAlone = (text: string) =>
  /(?<!facial )plastic (?:and reconstructive )?(?:surgery|surgeons?)/i.test(text);

/**
 * A practice's specialties: JSON-LD medicalSpecialty first (in the vocabulary's words when it has them), then
 * the vocabulary names the site's own words use, by how many of the texts (one per page) use them, then by first
 * use; at most MAX_SPECIALTIES. The source is the JSON-LD's page, else the page of the first name.
 */
export function specialtiesOf(
  published: { page: string; values: readonly string[] } | null,
  texts: readonly { page: string; text: string }[],
): { names: string[]; source: string | null } {
  const names: string[] = [];
  for (const value of published?.values ?? []) {
    const name = specialtiesIn(spaced(value))[0] ?? spaced(value);
    if (name && name.length <= 60 && !names.includes(name)) names.push(name);
  }
  let source = names.length > 0 && published ? published.page : null;
  const counts = new Map<string, { pages: Set<string>; first: number; page: string }>();
  let order = 0;
  for (const { page, text } of texts) {
    for (const name of specialtiesIn(text.slice(0, MAX_TEXT))) {
      const entry = counts.get(name) ?? { pages: new Set<string>(), first: order++, page };
      entry.pages.add(page);
      counts.set(name, entry);
    }
  }
  const ranked = [...counts.entries()].sort(
    ([, a], [, b]) => b.pages.size - a.pages.size || a.first - b.first,
  );
  for (const [name, entry] of ranked) {
    if (names.includes(name)) continue;
    names.push(name);
    source ??= entry.page;
  }
  return { names: names.slice(0, MAX_SPECIALTIES), source };
}
