/**
 * The retrieval query's pure part: a visitor's question, with the words a practice's website is likely to use
 * for the same thing added, so "how much is botox" also looks for the neurotoxin price list and "where do I park"
 * for the garage. PostgreSQL then stems the result and matches any of its words (an OR query: the question's
 * words are rarely all on one passage), ranked by ts_rank_cd (knowledge-search.service.ts), the related words
 * counting less than the question's own.
 */

/** The longest question searched; the rest is dropped (a question is a sentence or two). */
export const MAX_QUERY_LENGTH = 1000;
export const DEFAULT_SEARCH_LIMIT = 5;
export const MAX_SEARCH_LIMIT = 20;

/**
 * Each group: if the question has a word starting with one of `when`, the group's `add` words are searched too.
 * Prefixes, so 'park' covers park, parking and parked.
 */
const SYNONYMS: { when: string[]; add: string[]; unless?: string[] }[] = [
  { when: ['park', 'garage', 'valet'], add: ['parking', 'garage', 'valet', 'lot'] },
  {
    when: ['cost', 'price', 'pricing', 'expensive', 'cheap', 'afford', 'charge', 'rate'],
    add: ['price', 'pricing', 'cost', 'starting'],
  },
  {
    when: ['botox', 'neurotoxin', 'dysport', 'xeomin', 'jeuveau', 'wrinkle relaxer'],
    add: ['botox', 'neurotoxin', 'dysport', 'xeomin'],
  },
  { when: ['filler', 'juvederm', 'restylane', 'lip'], add: ['filler', 'juvederm', 'restylane'] },
  {
    when: ['hour', 'open', 'close', 'closing', 'weekend', 'saturday', 'sunday'],
    add: ['hours', 'open', 'closed'],
  },
  {
    when: ['address', 'locat', 'direction', 'find you', 'get there'],
    add: ['address', 'located', 'directions'],
  },
  { when: ['insur'], add: ['insurance', 'coverage'] },
  {
    when: ['financ', 'payment', 'pay ', 'installment', 'carecredit', 'cherry'],
    add: ['financing', 'payment', 'carecredit'],
  },
  {
    when: ['book', 'appointment', 'schedule', 'consult'],
    add: ['book', 'appointment', 'consultation', 'schedule'],
    // "cancel my appointment" is about the cancellation policy, not booking.
    unless: ['cancel', 'reschedul'],
  },
  { when: ['cancel', 'reschedul', 'no-show', 'no show'], add: ['cancellation', 'reschedule', 'policy'] },
  { when: ['downtime', 'recover', 'heal', 'bruis', 'swell'], add: ['downtime', 'recovery', 'healing'] },
  { when: ['last', 'long does', 'how long'], add: ['last', 'lasts', 'months', 'results'] },
  { when: ['hurt', 'pain', 'painful', 'numb'], add: ['pain', 'discomfort', 'numbing'] },
];

/** Phrases that mean a price question although they name no price word ('how much'). */
const PRICE_PHRASES = [/\bhow much\b/i, /\$\s?\d/];

/** The question as searched: whitespace collapsed, cut at MAX_QUERY_LENGTH. */
export function questionText(question: string): string {
  return question.slice(0, MAX_QUERY_LENGTH).replace(/\s+/g, ' ').trim();
}

/**
 * The related words to search along with the question (lower case, one space apart), none the question
 * already has. They count less than the question's own words (KNOWLEDGE_SEARCH_SQL), so "botox" still
 * prefers the Botox price over the Xeomin one.
 */
export function relatedWords(question: string): string {
  const text = questionText(question);
  const lower = ` ${text.toLowerCase()} `;
  const words = lower.split(/[^a-z0-9$'-]+/).filter(Boolean);
  const extra = new Set<string>();
  for (const group of SYNONYMS) {
    const hit = group.when.some((term) =>
      term.includes(' ') ? lower.includes(term) : words.some((word) => word.startsWith(term)),
    );
    const vetoed = group.unless?.some((term) => words.some((word) => word.startsWith(term)));
    if (hit && !vetoed) group.add.forEach((word) => extra.add(word));
  }
  if (PRICE_PHRASES.some((phrase) => phrase.test(text))) {
    ['price', 'pricing', 'cost', 'starting'].forEach((word) => extra.add(word));
  }
  for (const word of words) extra.delete(word);
  return [...extra].join(' ');
}
