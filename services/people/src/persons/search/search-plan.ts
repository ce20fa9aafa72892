import { LeadLimits } from '@pp/contracts';

/**
 * How a lead search runs (docs/product/shell.md#lead-search, `GET /people/search`):
 * - nothing, when the trimmed text is under 2 characters or has no letter or digit;
 * - `prefix`, for a 2-character term: names, email or phone digits that start with it. A 2-character
 *   substring has no trigram, so "contains" could only be answered by reading every lead; a prefix is a short
 *   range scan of a per-field 2-character key index (see the LeadsWorkspace migration);
 * - `contains`, for 3 characters and more: the term anywhere in name, email or phone digits, through the
 *   trigram index on search_text.
 * Text made only of digits and phone punctuation ('(214) 555', '214-555', '+1 214') is searched by its
 * digits, so a formatted and a raw number find the same leads.
 */
export type SearchPlan =
  { kind: 'none' } | { kind: 'prefix'; key: string } | { kind: 'contains'; pattern: string };

const PHONE_LIKE = /^[\d\s().+-]+$/;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

export function planSearch(q: string | undefined): SearchPlan {
  const text = (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if ([...text].length < LeadLimits.searchMinChars) return { kind: 'none' };
  const digits = text.replace(/\D/g, '');
  const term = PHONE_LIKE.test(text) && digits.length >= LeadLimits.searchMinChars ? digits : text;
  if (!HAS_WORD_CHARACTER.test(term)) return { kind: 'none' };
  if ([...term].length === LeadLimits.searchMinChars) return { kind: 'prefix', key: term };
  return { kind: 'contains', pattern: `%${escapeLike(term)}%` };
}

/** LIKE treats % and _ as wildcards and \ as the escape: a typed one must match itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
