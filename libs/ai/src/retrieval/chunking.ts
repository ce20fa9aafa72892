/**
 * How a crawled page becomes retrieval chunks (the practice knowledge, docs/product/settings.md#knowledge, and
 * the public demo's pages): the page text is cut into sections at its headings, and each section into passages
 * of at most a few hundred words on paragraph boundaries (a paragraph too long on sentence boundaries), so one
 * chunk answers one question: an FAQ answer, the parking paragraph, a price list. Each chunk keeps the heading it
 * sits under as context. Pure: no I/O.
 */

/** A chunk grows up to this many words, then a new one starts at the next paragraph. */
export const CHUNK_TARGET_WORDS = 180;
/** No chunk is longer than this (a longer paragraph is cut at sentences, a longer sentence at words). */
export const CHUNK_MAX_WORDS = 320;
/** A page yields at most this many chunks (the rest of a pathological page is dropped). */
export const MAX_CHUNKS_PER_PAGE = 400;
/** A line ending in '?' with at most this many words is taken for a question heading (FAQ pages). */
const QUESTION_HEADING_MAX_WORDS = 20;

export interface PageText {
  title: string | null;
  /** The page's visible text, blocks (headings, paragraphs, list items) separated by line breaks. */
  text: string;
  /** The page's headings (h1–h6) as text, in page order. */
  headings?: readonly string[];
}

export interface PageChunk {
  /** 0-based order within the page. */
  position: number;
  /** The heading the passage sits under, or null before the first heading. */
  heading: string | null;
  /** The heading (when any) on its first line, then the passage's paragraphs separated by blank lines. */
  content: string;
}

interface Section {
  heading: string | null;
  paragraphs: string[];
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const words = (text: string) => (text ? text.split(' ').length : 0);
const key = (text: string) => collapse(text).toLowerCase();

/** Splits a page into chunks; an empty page gives none. */
export function chunkPage(page: PageText): PageChunk[] {
  const sections = toSections(page);
  const chunks: PageChunk[] = [];
  for (const section of sections) {
    for (const body of packSection(section.paragraphs)) {
      if (chunks.length >= MAX_CHUNKS_PER_PAGE) return chunks;
      const content = section.heading ? `${section.heading}\n${body}` : body;
      chunks.push({ position: chunks.length, heading: section.heading, content });
    }
  }
  return chunks;
}

/** Blocks of the text grouped under the heading that precedes them. */
function toSections(page: PageText): Section[] {
  const headings = new Set((page.headings ?? []).map(key).filter(Boolean));
  const title = page.title ? key(page.title) : '';
  const blocks = page.text.replace(/\r\n?/g, '\n').split(/\n+/).map(collapse).filter(Boolean);
  const sections: Section[] = [];
  let current: Section = { heading: null, paragraphs: [] };
  blocks.forEach((block, index) => {
    // The page's own title repeated in its text adds nothing: every chunk carries the page title.
    if (title && key(block) === title) return;
    const isHeading =
      headings.has(key(block)) ||
      (block.endsWith('?') && words(block) <= QUESTION_HEADING_MAX_WORDS && index + 1 < blocks.length);
    if (isHeading) {
      if (current.paragraphs.length > 0) sections.push(current);
      current = { heading: block, paragraphs: [] };
    } else {
      current.paragraphs.push(block);
    }
  });
  if (current.paragraphs.length > 0) sections.push(current);
  return sections;
}

/** A section's paragraphs packed into passages of about CHUNK_TARGET_WORDS, none over CHUNK_MAX_WORDS. */
function packSection(paragraphs: string[]): string[] {
  const pieces = paragraphs.flatMap((paragraph) =>
    words(paragraph) <= CHUNK_MAX_WORDS ? [paragraph] : splitLong(paragraph),
  );
  const passages: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const piece of pieces) {
    const size = words(piece);
    if (current.length > 0 && (count >= CHUNK_TARGET_WORDS || count + size > CHUNK_MAX_WORDS)) {
      passages.push(current.join('\n\n'));
      current = [];
      count = 0;
    }
    current.push(piece);
    count += size;
  }
  if (current.length > 0) passages.push(current.join('\n\n'));
  return passages;
}

/** A paragraph over the limit, cut at sentence ends into pieces under it (a run-on sentence at words). */
function splitLong(paragraph: string): string[] {
  const sentences = paragraph.split(/(?<=[.!?])\s+(?=["'(\[]?[A-Z0-9$])/);
  const pieces: string[] = [];
  let current: string[] = [];
  let count = 0;
  const flush = () => {
    if (current.length > 0) pieces.push(current.join(' '));
    current = [];
    count = 0;
  };
  for (const sentence of sentences) {
    const size = words(sentence);
    if (size > CHUNK_MAX_WORDS) {
      flush();
      const all = sentence.split(' ');
      for (let start = 0; start < all.length; start += CHUNK_TARGET_WORDS) {
        pieces.push(all.slice(start, start + CHUNK_TARGET_WORDS).join(' '));
      }
      continue;
    }
    if (count + size > CHUNK_TARGET_WORDS && current.length > 0) flush();
    current.push(sentence);
    count += size;
  }
  flush();
  return pieces;
}
