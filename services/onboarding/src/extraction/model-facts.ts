/**
 * What the language model adds to the rules' extraction when one is configured (docs/decisions/0036-public-demo.md):
 * the facts it reads on the site's pages, kept only when they are written on the page it cites — a name, a
 * service, a specialty or a booking line word for word; a provider with a title or credentials; a summary whose
 * words are the page's. The rules' values stand; the model fills what they left empty and adds to the lists.
 */
import { matchCatalogueProcedures, type PracticeFacts, type PracticePage } from '@pp/ai';
import type { CrawledPage } from '@pp/crawler';
import {
  type Extraction,
  type ExtractedData,
  type ExtractedField,
  judged,
  MAX_ABOUT,
} from './extract-practice';
import { headingsOf } from './page-text';
import { MAX_PROVIDERS, providersIn } from './providers';
import { MAX_SERVICES } from './services';

/** Pages the model reads (the first ones read: the home page and the pages it links to), and characters of each. */
export const MODEL_PAGES = 8;
export const MODEL_PAGE_CHARS = 4_000;
const MAX_SPECIALTIES = 10;
const MAX_VALUE = 300;
/** Share of a summary's words (of four letters or more) that must be on its page. */
const SUMMARY_WORDS_ON_PAGE = 0.85;

/** The pages as the model is given them, in the order read. */
export function pagesForModel(pages: readonly CrawledPage[]): PracticePage[] {
  return pages.slice(0, MODEL_PAGES).map((page) => ({
    url: page.url,
    title: page.title,
    text: `${headingsOf(page).join('\n')}\n${page.text}`.slice(0, MODEL_PAGE_CHARS),
  }));
}

/** Lower case, accents and punctuation gone, one space between words: how a value is looked for on a page. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const wordsOf = (text: string) => fold(text).match(/\p{L}{4,}/gu) ?? [];

type Fact = { value: string; page: number };

/** The facts the model gave, checked against the pages it was given, merged into the rules' extraction. */
export function withModelFacts(
  extraction: Extraction,
  pages: readonly PracticePage[],
  facts: PracticeFacts,
): Extraction {
  const folded = pages.map((page) => ` ${fold(`${page.title ?? ''}\n${page.text}`)} `);
  const pageWords = folded.map((text) => new Set(text.match(/\p{L}{4,}/gu) ?? []));
  const pageOf = (fact: Fact) => (Number.isInteger(fact.page) ? pages[fact.page - 1] : undefined);
  const clean = (fact: Fact) => fact.value.replace(/\s+/g, ' ').trim();
  const written = (fact: Fact) => {
    const value = fold(fact.value);
    return (
      fact.value.length <= MAX_VALUE &&
      value.length > 1 &&
      !!pageOf(fact) &&
      folded[fact.page - 1].includes(` ${value} `)
    );
  };
  const summarised = (fact: Fact) => {
    const words = wordsOf(fact.value);
    if (!pageOf(fact) || fact.value.length > MAX_ABOUT || words.length < 4) return false;
    const onPage = words.filter((word) => pageWords[fact.page - 1].has(word)).length;
    return onPage / words.length >= SUMMARY_WORDS_ON_PAGE;
  };
  const provider = (fact: Fact) => written(fact) && providersIn(clean(fact)).length === 1;

  const data: ExtractedData = { ...extraction.data, doctors_names: [...extraction.data.doctors_names] };
  const sources = { ...extraction.sources };
  const procedureKeys = [...extraction.procedureKeys];
  const fill = (
    field: 'practice_name' | 'about_summary' | 'booking_info',
    fact: Fact | null,
    ok: (f: Fact) => boolean,
  ) => {
    if (data[field] || !fact || !ok(fact)) return;
    data[field] = clean(fact);
    sources[field] = pageOf(fact)!.url;
  };
  const add = (
    field: 'doctors_names' | 'specialties' | 'key_services',
    found: readonly Fact[],
    ok: (f: Fact) => boolean,
    max: number,
  ) => {
    const list = [...data[field]];
    const known = new Set(list.map(fold));
    for (const fact of found) {
      if (list.length >= max) break;
      if (!ok(fact) || known.has(fold(fact.value))) continue;
      list.push(clean(fact));
      known.add(fold(fact.value));
      sources[field] ??= pageOf(fact)!.url;
      if (field === 'key_services') {
        for (const match of matchCatalogueProcedures(fact.value)) {
          if (!procedureKeys.includes(match.key)) procedureKeys.push(match.key);
        }
      }
    }
    data[field] = list;
  };

  fill('practice_name', facts.practice_name, written);
  fill('about_summary', facts.about_summary, summarised);
  fill('booking_info', facts.booking_info, written);
  add('doctors_names', facts.doctors_names, provider, MAX_PROVIDERS);
  add('specialties', facts.specialties, written, MAX_SPECIALTIES);
  add('key_services', facts.key_services, written, MAX_SERVICES);
  return {
    ...extraction,
    data: { ...data, ...judged(sources as Partial<Record<ExtractedField, string>>) },
    sources,
    procedureKeys,
  };
}
