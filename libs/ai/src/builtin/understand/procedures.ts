import { CATALOGUE_PROCEDURES, type CatalogueProcedure } from '../../catalogue/catalogue-data';
import { editDistance, entryOf, fold } from './text';

/**
 * Finds the procedures of an inquiry (docs/product/ai-engine.md#understanding): catalogue names and synonyms,
 * tolerant of typos ('botx', 'juviderm', 'invisaline'), of words run together or split ('tummytuck', 'cool
 * sculpting'), of accents ('bótox' = 'botox'); words that only mean a procedure in context ('implants', 'BBL',
 * 'cleaning', 'zoom') are read with the rest of the message and the practice's own list.
 */

export interface FoundProcedure {
  /** Catalogue key, or `practice:<name>` for a procedure only the practice has. */
  key: string;
  name: string;
  /** The words as written (folded). */
  text: string;
  /** Position in the token list, for ordering. */
  position: number;
  /** True when the words matched exactly (no typo tolerance). */
  exact: boolean;
}

interface Term {
  key: string;
  compact: string;
  tokens: number;
}

const tokenize = (text: string) =>
  fold(text)
    .replace(/[’'`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const compactOf = (text: string) => tokenize(text).join('');

/**
 * Ordinary words a typo-tolerant match must not turn into a procedure ('filled' is one letter from 'filler').
 * Only exact matches count for these.
 */
const NOT_A_TYPO = new Set(
  (
    'filled fillet killer filling feller fillers botany crowd crowds crowned grown peeling peeled peers ' +
    'piles pills lips lipo veneer extract extracted cleaner cleaned checked lifted shifted zooming ' +
    'rhino morphed morphine whiten whitens whitening aligned aligner liner liners crowning clean clear ' +
    'cleanse facial facials tucked tucker surgeon surgery liposome implanted implanting botched botanic crows ' +
    'peel reel feel heel keel sculpt sculpted sculptor peeler fraction fractal relleno rellena'
  ).split(' '),
);

/** Terms that mean a procedure only beside words of its field, or when the practice offers it. */
const NEEDS_CONTEXT: Record<string, RegExp> = {
  zoom: /\b(teeth|tooth|whiten\w*|smile|dent\w*|blanque\w*)\b/,
  extraction: /\b(teeth|tooth|molar|wisdom|dent\w*|muela\w*|diente\w*|gum|gums|pull\w*)\b/,
  extractions: /\b(teeth|tooth|molar|wisdom|dent\w*|muela\w*|diente\w*|gum|gums|pull\w*)\b/,
  checkup: /\b(teeth|tooth|dent\w*|cleaning|hygien\w*|x ?rays?|cavit\w*|kids?|son|daughter)\b/,
  'check up': /\b(teeth|tooth|dent\w*|cleaning|hygien\w*|x ?rays?|cavit\w*|kids?|son|daughter)\b/,
  crown: /\b(teeth|tooth|dent\w*|molar|cap|root|cracked|broken|chipped)\b/,
  crowns: /\b(teeth|tooth|dent\w*|molar|cap|root|cracked|broken|chipped)\b/,
  peel: /\b(chemical|skin|face|facial|acne|pigment\w*|melasma|glow\w*|spots?|scars?|vi)\b/,
  peels: /\b(chemical|skin|face|facial|acne|pigment\w*|melasma|glow\w*|spots?|scars?|vi)\b/,
  relleno: /\b(labios?|cara|pomulos?|ojeras|arrugas|surcos|menton|inyect\w*|acido|facial)\b/,
  rellenos: /\b(labios?|cara|pomulos?|ojeras|arrugas|surcos|menton|inyect\w*|acido|facial)\b/,
  whitening: /\b(teeth|tooth|smile|dent\w*|zoom|stain\w*|yellow|whiter)\b/,
  explant: /\b(implants?|breast|boobs?|capsul\w*|illness|bii)\b/,
};

/** Words that mean different procedures by context: resolved in `resolveAmbiguous`. */
const AMBIGUOUS =
  /^(implants?|implantes?|bbl|cleanings?|limpiezas?|lift|braces|frenos|brackets|augmentation|aumento)$/;

const DENTAL =
  /\b(teeth|tooth|dent\w*|molar\w*|gums?|mouth|smile|bite|jaw|denture\w*|diente\w*|muela\w*|encias?|boca|odont\w*)\b/;
const BREAST =
  /\b(breasts?|boobs?|chest|bust|cc|ccs|cup|seno\w*|pecho\w*|busto|mama\w*|saline|silicone|armpits?|underarms?|nipples?|cleavage|bra|axilas?)\b/;
const BUTTOCK =
  /\b(butt|booty|glute\w*|buttock\w*|bum|behind|fat transfer|gluteo\w*|nalga\w*|pompis|brazilian|brasilen\w*|lipo\w*|surgery|cirugia)\b/;
const SKIN =
  /\b(photofacial|sun ?spots?|spots|skin|pigment\w*|redness|rosacea|freckles|laser|light|hero|manchas)\b/;

const byKey = new Map(CATALOGUE_PROCEDURES.map((procedure) => [procedure.key, procedure]));

let catalogueTerms: Map<string, Term[]> | null = null;

/** Every catalogue term by its first letter, compacted (no spaces, no accents). */
function terms(): Map<string, Term[]> {
  if (catalogueTerms) return catalogueTerms;
  const index = new Map<string, Term[]>();
  const seen = new Set<string>();
  for (const procedure of CATALOGUE_PROCEDURES) {
    for (const written of [procedure.name, ...procedure.synonyms]) {
      const compact = compactOf(written);
      if (!compact || seen.has(compact)) continue;
      seen.add(compact);
      const term = { key: procedure.key, compact, tokens: tokenize(written).length };
      const list = index.get(compact[0]) ?? [];
      list.push(term);
      index.set(compact[0], list);
    }
  }
  catalogueTerms = index;
  return index;
}

/** How many typos a term of this length tolerates. */
const tolerance = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

interface Candidate {
  key: string;
  tokens: number;
  distance: number;
  compact: string;
}

/** The best term starting at token `start`: exact before fuzzy, more words before fewer. */
function bestAt(words: readonly string[], start: number, practiceTerms: readonly Term[]): Candidate | null {
  let best: Candidate | null = null;
  const index = terms();
  for (let count = Math.min(4, words.length - start); count >= 1; count -= 1) {
    const window = words.slice(start, start + count).join('');
    const candidates = [
      ...(index.get(window[0]) ?? []),
      ...practiceTerms.filter((t) => t.compact[0] === window[0]),
    ];
    for (const term of candidates) {
      if (term.compact === window) {
        const candidate = { key: term.key, tokens: count, distance: 0, compact: term.compact };
        if (!best || best.distance > 0 || count > best.tokens) best = candidate;
        continue;
      }
      const max = tolerance(term.compact.length);
      if (max === 0 || (count === 1 && NOT_A_TYPO.has(window))) continue;
      // A typo stays inside one word, or joins two: windows of more words than the term has are not typos.
      if (count > term.tokens + 1) continue;
      if (window.length < 4 || term.compact.slice(0, 3) !== window.slice(0, 3)) continue;
      const distance = editDistance(window, term.compact, max);
      if (distance > max) continue;
      if (
        !best ||
        (best.distance > 0 &&
          (distance < best.distance || (distance === best.distance && count > best.tokens)))
      ) {
        best = { key: term.key, tokens: count, distance, compact: term.compact };
      }
    }
  }
  return best;
}

export interface ProcedureSearch {
  found: FoundProcedure[];
}

/**
 * The procedures in `text`, in text order, each once, by catalogue key (or a practice's own procedure), before
 * the practice's preferences are applied.
 */
export function findProcedures(text: string, practiceProcedures: readonly string[]): FoundProcedure[] {
  const words = tokenize(text);
  const folded = ` ${words.join(' ')} `;
  const practiceTerms = ownPracticeTerms(practiceProcedures);
  const found: FoundProcedure[] = [];
  const covered = new Set<number>();
  for (let start = 0; start < words.length;) {
    const best = bestAt(words, start, practiceTerms);
    if (!best) {
      start += 1;
      continue;
    }
    const written = words.slice(start, start + best.tokens).join(' ');
    const context = entryOf(NEEDS_CONTEXT, written) ?? entryOf(NEEDS_CONTEXT, best.compact);
    const offered = isOffered(best.key, practiceProcedures);
    const negated = isRefused(words, start);
    if ((context && (best.distance > 0 || !offered) && !context.test(folded)) || negated) {
      start += best.tokens;
      continue;
    }
    for (let i = start; i < start + best.tokens; i += 1) covered.add(i);
    const key = best.key === 'dermal-fillers' ? fillerArea(words, start, best.tokens) : best.key;
    found.push({
      key,
      name: nameOf(key),
      text: written,
      position: start,
      exact: best.distance === 0,
    });
    start += best.tokens;
  }
  found.push(...resolveAmbiguous(words, covered, folded, practiceProcedures));
  for (const [pattern, key] of PHRASES) {
    const match = pattern.exec(folded);
    if (key === 'pediatric-dentistry' && !DENTAL.test(folded) && !found.some((item) => isDental(item.key)))
      continue;
    // A concern that a procedure is known for ('sun spots', 'double chin') names it only when nothing else is.
    if (BY_CONCERN.has(key) && found.length > 0) continue;
    if (match && !found.some((item) => item.key === key)) {
      const position = folded.slice(0, match.index).split(' ').length - 1;
      found.push({ key, name: nameOf(key), text: match[0].trim(), position, exact: true });
    }
  }
  return found.sort((a, b) => a.position - b.position);
}

/** Procedures named by the concern they treat: read only when the message names no procedure. */
const BY_CONCERN = new Set(['ipl-photofacial', 'kybella']);

/** Phrases that name a procedure without its name: a dental injury, a child's dental visit, a Spanish peel. */
const PHRASES: [RegExp, string][] = [
  [
    /\b((broke|broken|break|cracked|chipped|knocked out|knocked)( out)? (my|his|her|their|a|the|one of my)? ?(\w+ )?(front |adult |back |baby )?(tooth|teeth|molar)|(tooth|teeth) (got |is |are )?(knocked out|broke|broken|cracked)|hit my (mouth|tooth|teeth)|(me duele|me duelen|dolor de|duele)( mucho| bastante| muchisimo)? (la |una |el |mi |mis |los |las )?(muela|diente|dientes|muelas)|(muela|diente)s? (muy )?(hinchad[oa]|rot[oa]|quebrad[oa]|partid[oa]))\b/,
    'emergency-dental',
  ],
  [
    /\b(do you|do u|can you|you) (see|treat|take|accept) (kids|children|toddlers|ninos)|my (son|daughter|kid|child|boy|girl|toddler)( is|s|'s)? ([1-9]|1[0-2])\b|\b([1-9]|1[0-2])[ -]?(year|yr)s?[ -]?old (son|daughter|kid|child|boy|girl)|(atienden|ven) (a )?ninos|mi (hijo|hija) de ([1-9]|1[0-2]) anos/,
    'pediatric-dentistry',
  ],
  [/\b(un|el|del|para|de|hice un|hacer un|hacerme un|los) peelings?\b/, 'chemical-peel'],
  // 'since the rhino', 'post rhino': the surgeon's and the patients' short name
  [/\b(the|my|a|her|his|your|post|since|after) rhino\b/, 'rhinoplasty'],
  // 'the IV', 'el suero': a drip in a practice that gives them
  [/\b(the|an|my|her|his|that) iv\b|\b(el|del|un|los|al) sueros?\b/, 'iv-therapy'],
  [/\bglp ?1\b/, 'glp1-weight-loss'],
  // laser beside hair ('3 laser sessions and the hair is back', 'láser para depilar las axilas')
  [
    /\blaser\b(?:\s+\S+){0,6}?\s+(hair|depil\w*|vello|axilas)\b|\b(hair|vello|depil\w*)\b(?:\s+\S+){0,6}?\s+laser\b/,
    'laser-hair-removal',
  ],
  [
    /\b(get|gets|got|getting|have|has|had|do|did|want|wants|wanted|wanting|like)( my| her| his| their)? lipp?s (done|filled|plumped|bigger|fuller)|labios (hechos|rellenos)\b/,
    'lip-filler',
  ],
  [/\b(teeth|tooth) whiter|whiten(ing)? (my )?teeth|blanquear(me)? (los |mis )?dientes\b/, 'teeth-whitening'],
  [
    /\b(did|done|happened) to (my|her|his) nose|(arreglar(me|se|le)?|operar(me|se|te|la|lo)?|operaron|opero|opere|operacion|cirugia|hacer(me|se|le|te)?) (de )?(la )?nariz|(me|le) (dejo|dejaron) la nariz|nose (fixed|done|reshaped|straightened)\b/,
    'rhinoplasty',
  ],
  [
    /\b(breasts?|boobs?|chest)\b.{0,120}\breduction\b|\breduction\b.{0,30}\b(breasts?|boobs?)\b/,
    'breast-reduction',
  ],
  [
    /\b(?<!knocked (?:\w+ ){0,3})(tooth|teeth|molar|muela) (pulled|removed|taken out|out)|pull (a|my|the|out a|out my) (tooth|molar)|pulled (a |my |the |her |his )?(wisdom )?(tooth|teeth|molar)|(tooth|teeth|molar) (you|u|they|the dentist|dr \w+) (pulled|extracted|took out|removed)|sacar(me)? (una|la|el) (muela|diente)\b/,
    'tooth-extraction',
  ],
  // 'aumento de senos y levantarlos'
  [
    /\b(senos?|pechos?|busto|boobs?|breasts?)\b.{0,60}\blevantar(los|las|me|se)?\b|\blevantar(me|se)? (los|las|mis) (senos|pechos)\b/,
    'breast-lift',
  ],
  // the concern a procedure is known for
  [/\b(sun ?spots?|age spots?|sun damage|manchas (del|de) sol)\b/, 'ipl-photofacial'],
  [/\b(double chin|papada)\b/, 'kybella'],
  [
    /\b(inyeccion(es)?|shots?|injections?) (para|to|for) (adelgazar|bajar de peso|perder peso|lose weight|weight loss)\b/,
    'glp1-weight-loss',
  ],
  [/\bsueros? (vitaminad[oa]s?|vitaminicos?|de vitaminas)\b/, 'iv-therapy'],
  // 'dientes en un día' is the Spanish of 'teeth in a day'
  [/\b(dientes|dentadura) (fij[oa]s? )?en un (solo )?dia\b/, 'all-on-4'],
  [/\b(congela\w*|congelamiento|congelacion) (de )?(la )?grasa\b/, 'coolsculpting'],
  [
    /\brellenar(me|le|se)? (las |los |mis )?(ojeras|arrugas|surcos|pomulos|menton|labios)\b/,
    'dermal-fillers',
  ],
  [/\b(teeth|tooth) cleaned|clean my teeth|limpiar (mis |los )?dientes\b/, 'cleaning-exam'],
  [
    /\b(did|done|happened) to (my|her|his) (eyelids?|eye lids?|lids)|(eyelids?|eye lids?|lids) (done|fixed|lifted|tightened)|(heavy|droopy|hooded|saggy) (upper )?(eyelids|lids)|upper lids\b/,
    'eyelid-surgery',
  ],
];

const isDental = (key: string) => byKey.get(key)?.category.startsWith('dental') ?? false;
export const isDentalKey = isDental;

/** 'filler in my cheeks', 'relleno en los labios': filler for an area named next to it. */
function fillerArea(words: readonly string[], start: number, length: number): string {
  const near = words.slice(Math.max(0, start - 10), start + length + 5).join(' ');
  if (/\b(lips?|labios?)\b/.test(near)) return 'lip-filler';
  if (/\b(cheeks?|cheekbones?|pomulos?|mejillas?)\b/.test(near)) return 'cheek-filler';
  return 'dermal-fillers';
}

/** 'not Botox', "don't want surgery", 'instead of filler': a procedure named to say it is not wanted. */
function isRefused(words: readonly string[], start: number): boolean {
  const before = words.slice(Math.max(0, start - 4), start).join(' ');
  return /\b(not|no|instead of|rather than|except|sin)$|\b(not|no) (the|a|an|more|any)$|\b(dont|do not|does not|doesnt|didnt|did not|not) (want|need|like|interested in|looking for|considering)( \w+){0,2}$|\bno quiero( \w+){0,2}$/.test(
    before,
  );
}

function resolveAmbiguous(
  words: readonly string[],
  covered: ReadonlySet<number>,
  folded: string,
  practiceProcedures: readonly string[],
): FoundProcedure[] {
  const found: FoundProcedure[] = [];
  const offered = (key: string) => isOffered(key, practiceProcedures);
  words.forEach((word, position) => {
    if (covered.has(position) || !AMBIGUOUS.test(word)) return;
    let key: string | null = null;
    if (/^implantes?$|^implants?$/.test(word)) {
      if (BREAST.test(folded) && !DENTAL.test(folded)) key = 'breast-augmentation';
      else if (DENTAL.test(folded) && !BREAST.test(folded)) key = 'dental-implants';
      else key = pickOffered(['breast-augmentation', 'dental-implants'], offered);
    } else if (word === 'bbl') {
      if (offered('brazilian-butt-lift') !== offered('bbl-broadband-light')) {
        key = offered('brazilian-butt-lift') ? 'brazilian-butt-lift' : 'bbl-broadband-light';
      } else if (SKIN.test(folded) && !BUTTOCK.test(folded)) key = 'bbl-broadband-light';
      else key = 'brazilian-butt-lift';
    } else if (word === 'augmentation' || word === 'aumento') {
      // 'since my augmentation, the left breast…': the breast one ('lip augmentation' is matched whole before).
      if (BREAST.test(folded)) key = 'breast-augmentation';
    } else if (/^(cleanings?|limpiezas?)$/.test(word)) {
      const beside = `${words[position - 1] ?? ''} ${words[position + 1] ?? ''}`;
      if (/\b(facial|skin|face|pore|pores|cutis|carpet|house)\b/.test(beside)) return;
      if (DENTAL.test(folded) || offered('cleaning-exam')) key = 'cleaning-exam';
    } else if (word === 'braces' || word === 'frenos' || word === 'brackets') {
      if (offered('clear-aligners') || offered('invisalign')) key = 'clear-aligners';
    } else if (word === 'lift') {
      const previous = words[position - 1] ?? '';
      if (/^(boob|breast|chest)s?$/.test(previous)) key = 'breast-lift';
      else if (/^(butt|booty|glute|buttock)s?$/.test(previous)) key = 'brazilian-butt-lift';
      else if (/^(eye|eyelid)s?$/.test(previous)) key = 'eyelid-surgery';
      // 'a lift at the same time' beside breasts or implants coming out
      else if (
        !/^(face|neck|brow|forehead|thigh|arm|lip|mini|mid|lower|upper|liquid|skin|lash|body)s?$/.test(
          previous,
        ) &&
        (BREAST.test(folded) || /\b(explant\w*|en bloc|implants? (out|removed|removal))\b/.test(folded))
      )
        key = 'breast-lift';
    }
    if (key) found.push({ key, name: nameOf(key), text: word, position, exact: true });
  });
  return found;
}

function pickOffered(keys: readonly string[], offered: (key: string) => boolean): string | null {
  const offeredKeys = keys.filter(offered);
  return offeredKeys.length === 1 ? offeredKeys[0] : null;
}

let keysByCompact: Map<string, string> | null = null;

/** The catalogue key of a practice's procedure name, or null when it is the practice's own. */
export function catalogueKeyOf(name: string): string | null {
  if (!keysByCompact) {
    keysByCompact = new Map();
    for (const procedure of CATALOGUE_PROCEDURES) {
      for (const term of [procedure.name, ...procedure.synonyms]) {
        const compact = compactOf(term);
        if (!keysByCompact.has(compact)) keysByCompact.set(compact, procedure.key);
      }
    }
  }
  return keysByCompact.get(compactOf(name)) ?? null;
}

const offeredCache = new WeakMap<readonly string[], Set<string>>();

/** The catalogue keys the practice offers (by name or synonym). */
export function offeredKeys(practiceProcedures: readonly string[]): Set<string> {
  let keys = offeredCache.get(practiceProcedures);
  if (!keys) {
    keys = new Set(practiceProcedures.map(catalogueKeyOf).filter((key): key is string => key !== null));
    offeredCache.set(practiceProcedures, keys);
  }
  return keys;
}

function isOffered(key: string, practiceProcedures: readonly string[]): boolean {
  return key.startsWith('practice:') || offeredKeys(practiceProcedures).has(key);
}

/** Terms of the practice's own procedures (names not in the catalogue), reported by the practice's name. */
function ownPracticeTerms(practiceProcedures: readonly string[]): Term[] {
  return practiceProcedures
    .filter((name) => catalogueKeyOf(name) === null)
    .map((name) => ({ key: `practice:${name}`, compact: compactOf(name), tokens: tokenize(name).length }))
    .filter((term) => term.compact.length > 0);
}

function nameOf(key: string): string {
  return key.startsWith('practice:') ? key.slice('practice:'.length) : (byKey.get(key)?.name ?? key);
}

/**
 * The names to report (docs/product/ai-engine.md#understanding): each procedure once, most prominent first; a
 * parent named beside one of its children is dropped ('fillers, Juvederm ideally' is Juvederm); an offered
 * procedure is preferred over its catalogue parent (a practice offering Botox and not Neurotoxins reads 'tox' as
 * Botox); a specific name stays specific ('Jeuveau' is Jeuveau even where only Neurotoxins are offered).
 */
export function reportProcedures(
  found: readonly FoundProcedure[],
  practiceProcedures: readonly string[],
): string[] {
  const offered = offeredKeys(practiceProcedures);
  const keys: string[] = [];
  for (const item of found) {
    const key = preferOffered(item.key, offered);
    if (!keys.includes(key)) keys.push(key);
  }
  const withoutCoveredParents = keys.filter(
    (key) => !keys.some((other) => other !== key && byKey.get(other)?.parent === key),
  );
  return withoutCoveredParents.map(nameOf);
}

function preferOffered(key: string, offered: ReadonlySet<string>): string {
  const procedure: CatalogueProcedure | undefined = byKey.get(key);
  if (!procedure || offered.size === 0 || offered.has(key)) return key;
  // A general word ('filler', 'tox') the practice offers only one kind of reads as that kind.
  const offeredChildren = CATALOGUE_PROCEDURES.filter(
    (child) => child.parent === key && offered.has(child.key),
  );
  if (offeredChildren.length === 1) return offeredChildren[0].key;
  return key;
}
