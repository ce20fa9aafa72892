/**
 * How the extraction reads a crawled page: its parts in bounded pieces (a page's text may be megabytes of hostile
 * HTML), which page is the home page, and what kind of page a URL or title names.
 */
import type { CrawledPage } from '@pp/crawler';

/** Pages read at most (a demo crawls 30). */
export const MAX_PAGES = 100;
/** Characters of a page's text any rule reads. */
export const MAX_TEXT = 100_000;
/** Characters of one paragraph (or line) the patterns read. */
export const MAX_PARAGRAPH = 2_000;
/** Paragraphs of a page the patterns read. */
export const MAX_PARAGRAPHS = 2_000;

export const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Headings of a page any rule reads, and characters of each. */
const MAX_HEADINGS = 300;
const MAX_HEADING = 300;

/** A page's headings, at most MAX_HEADINGS of MAX_HEADING characters. */
export function headingsOf(page: CrawledPage): string[] {
  return page.headings.slice(0, MAX_HEADINGS).map((heading) => heading.slice(0, MAX_HEADING));
}

/** A page's text as paragraphs (lines), each whitespace-collapsed and at most MAX_PARAGRAPH characters. */
export function paragraphs(text: string): string[] {
  const result: string[] = [];
  for (const line of text.slice(0, MAX_TEXT).split('\n')) {
    const paragraph = clean(line.slice(0, MAX_PARAGRAPH));
    if (paragraph) result.push(paragraph);
    if (result.length >= MAX_PARAGRAPHS) break;
  }
  return result;
}

/** Lines of an <address> or of a footer joined as one line: 'Glow Med Spa, 1200 S Lamar Blvd, Austin, TX 78704'. */
export function joinLines(text: string): string {
  return paragraphs(text)
    .map((line) => line.replace(/[\s,;]+$/, ''))
    .filter(Boolean)
    .join(', ');
}

/** Host without www. and path without a trailing slash: the same page whatever its spelling. */
function pageKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
    return `${host}:${parsed.port}${parsed.pathname.replace(/\/+$/, '').replace(/\/index\.html?$/i, '')}`;
  } catch {
    return null;
  }
}

/** Lower-cased words of a URL's path: '/our-team/dr-lopez' → ['our', 'team', 'dr', 'lopez']. */
export function pathWords(url: string): string[] {
  try {
    return new URL(url).pathname
      .slice(0, 300)
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** The home page: the one at the site's URL (or at its root), else the first page read. */
export function homePage(pages: readonly CrawledPage[], siteUrl: string): CrawledPage | undefined {
  const site = pageKey(siteUrl);
  const root = (() => {
    try {
      return pageKey(new URL('/', siteUrl).toString());
    } catch {
      return null;
    }
  })();
  return (
    pages.find((page) => site !== null && pageKey(page.url) === site) ??
    pages.find((page) => root !== null && pageKey(page.url) === root) ??
    pages[0]
  );
}

export type PageKind = 'about' | 'team' | 'services' | 'contact' | 'booking' | 'other-content';

/** Words of a page's path or first heading that say what kind of page it is (titles carry the brand: no). */
const KIND_WORDS: ReadonlyMap<PageKind, ReadonlySet<string>> = new Map([
  ['about', new Set(['about', 'story', 'practice', 'philosophy', 'who'])],
  [
    'team',
    new Set([
      'team',
      'doctor',
      'doctors',
      'provider',
      'providers',
      'staff',
      'meet',
      'physician',
      'physicians',
      'surgeon',
      'surgeons',
      'dentist',
      'dentists',
      'injector',
      'injectors',
      'bio',
      'bios',
    ]),
  ],
  [
    'services',
    new Set([
      'service',
      'services',
      'treatment',
      'treatments',
      'procedure',
      'procedures',
      'menu',
      'offer',
      'offerings',
      'injectables',
      'surgery',
      'surgical',
      'dentistry',
      'dental',
      'cosmetic',
      'aesthetic',
      'aesthetics',
      'face',
      'body',
      'breast',
      'skin',
      'laser',
      'lasers',
    ]),
  ],
  ['contact', new Set(['contact', 'location', 'locations', 'directions', 'hours', 'visit', 'find'])],
  [
    'booking',
    new Set(['book', 'booking', 'appointment', 'appointments', 'schedule', 'consultation', 'request']),
  ],
  // Pages whose words are not the practice's own facts: blog posts may name any procedure or doctor.
  [
    'other-content',
    new Set([
      'blog',
      'news',
      'press',
      'article',
      'articles',
      'post',
      'posts',
      'careers',
      'jobs',
      'privacy',
      'terms',
      'policy',
      'legal',
      'accessibility',
      'sitemap',
      'tag',
      'category',
      'author',
    ]),
  ],
]);

/** The kinds a page is, by the words of its path and first heading. */
export function pageKinds(page: CrawledPage): Set<PageKind> {
  const words = new Set(pathWords(page.url));
  for (const word of (page.headings[0] ?? '')
    .slice(0, 200)
    .toLowerCase()
    .split(/[^a-z]+/)) {
    if (word) words.add(word);
  }
  const kinds = new Set<PageKind>();
  for (const [kind, kindWords] of KIND_WORDS) {
    for (const word of words) {
      if (kindWords.has(word)) {
        kinds.add(kind);
        break;
      }
    }
  }
  // Only a page's path makes it a blog post; a heading may say 'News' on a practice page.
  if (
    kinds.has('other-content') &&
    !pathWords(page.url).some((word) => KIND_WORDS.get('other-content')!.has(word))
  ) {
    kinds.delete('other-content');
  }
  return kinds;
}

/**
 * Pages in the order a fact is looked for: the home page, then pages of the kinds given (in that order), then
 * the rest as crawled; blog posts, policies and the like last.
 */
export function inOrder(
  pages: readonly CrawledPage[],
  home: CrawledPage | undefined,
  preferred: readonly PageKind[] = [],
): CrawledPage[] {
  const rank = (page: CrawledPage) => {
    if (page === home) return 0;
    const kinds = pageKinds(page);
    if (kinds.has('other-content')) return preferred.length + 2;
    const at = preferred.findIndex((kind) => kinds.has(kind));
    return at < 0 ? preferred.length + 1 : at + 1;
  };
  return pages
    .map((page, index) => ({ page, index, rank: rank(page) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ page }) => page);
}

/** Sentences of a paragraph; abbreviations (Dr., St., M.D., initials) do not end one. */
export function sentences(paragraph: string): string[] {
  const pieces = paragraph.slice(0, MAX_PARAGRAPH).split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/);
  const result: string[] = [];
  for (const piece of pieces) {
    const previous = result[result.length - 1];
    if (previous !== undefined && endsWithAbbreviation(previous))
      result[result.length - 1] = `${previous} ${piece}`;
    else result.push(piece);
  }
  return result.map(clean).filter(Boolean);
}

const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'ste',
  'inc',
  'no',
  'vs',
  'jr',
  'sr',
  'mt',
  'ave',
  'blvd',
  'rd',
  'fl',
  'approx',
  'e.g',
  'i.e',
]);

function endsWithAbbreviation(text: string): boolean {
  const last = /(\S+)\.$/.exec(text.slice(-20))?.[1] ?? '';
  // An initial (J.) or dotted letters (M.D.).
  if (/^(?:[A-Z]\.?)+$/.test(last) && last.replace(/\./g, '').length <= 3) return true;
  return ABBREVIATIONS.has(last.toLowerCase());
}

/**
 * At most `max` characters of a text, cut after its last whole sentence that fits (at least the first one, cut at
 * a word and marked '…' when even that is too long).
 */
export function cutAtSentence(text: string, max: number, maxSentences = Infinity): string {
  let result = '';
  let count = 0;
  for (const sentence of sentences(clean(text.slice(0, max * 4)))) {
    const next = result ? `${result} ${sentence}` : sentence;
    if (next.length > max || count >= maxSentences) break;
    result = next;
    count++;
  }
  if (result) return result;
  const whole = clean(text.slice(0, max * 4));
  const room = max - 1;
  let cut = whole.slice(0, room);
  if (whole.length > room && whole[room] !== ' ') {
    const space = cut.lastIndexOf(' ');
    if (space > room / 2) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s,;:]+$/, '')}…`;
}
