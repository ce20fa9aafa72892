import { CATALOGUE_PROCEDURES } from './catalogue-data';

/** A procedure the matcher can find, by its names (name and synonyms). */
export interface MatchableProcedure<K extends string = string> {
  key: K;
  terms: readonly string[];
}

export interface ProcedureMatch<K extends string = string> {
  key: K;
  /** The text as written. */
  text: string;
  index: number;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as a pattern: spaces and hyphens between words match any run of spaces or hyphens. */
const termPattern = (term: string) =>
  term
    .trim()
    .split(/[\s-]+/)
    .map(escape)
    .join('[\\s\\u2010-\\u2015-]+');

/**
 * Finds procedures in free text (docs/product/settings.md#procedure-pricing): by any of their terms, whole
 * words only (letters and digits on either side do not count as a boundary), case-insensitive; where terms
 * overlap, the leftmost and then the longest wins ('lip filler' is Lip Filler, not Dermal Fillers). Returns the
 * matches in text order; the same procedure can appear more than once.
 */
export function createProcedureMatcher<K extends string>(
  procedures: readonly MatchableProcedure<K>[],
): (text: string) => ProcedureMatch<K>[] {
  const byTerm = new Map<string, K>();
  for (const procedure of procedures) {
    for (const term of procedure.terms) {
      const normalised = normaliseTerm(term);
      if (normalised && !byTerm.has(normalised)) byTerm.set(normalised, procedure.key);
    }
  }
  const terms = [...byTerm.keys()].sort((a, b) => b.length - a.length);
  if (terms.length === 0) return () => [];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${terms.map(termPattern).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return (text) => {
    const matches: ProcedureMatch<K>[] = [];
    for (const found of text.matchAll(pattern)) {
      const key = byTerm.get(normaliseTerm(found[0]));
      if (key !== undefined) matches.push({ key, text: found[0], index: found.index ?? 0 });
    }
    return matches;
  };
}

/** Lower case, accents kept, any run of spaces or hyphens as one space. */
function normaliseTerm(term: string): string {
  return term
    .trim()
    .toLocaleLowerCase('en-US')
    .replace(/[\s\u2010-\u2015-]+/g, ' ');
}

let catalogue: ((text: string) => ProcedureMatch[]) | null = null;

/** The matcher of the global catalogue: keys are catalogue keys ('botox', 'tummy-tuck', ...). */
export function matchCatalogueProcedures(text: string): ProcedureMatch[] {
  catalogue ??= createProcedureMatcher(
    CATALOGUE_PROCEDURES.map((procedure) => ({
      key: procedure.key,
      terms: [procedure.name, ...procedure.synonyms],
    })),
  );
  return catalogue(text);
}
