/**
 * Small text tools for the built-in answers and drafts: sentences, content words (English and Spanish stop words
 * removed, accents folded, a light plural stem) and a term-overlap score.
 */

const STOP_WORDS = new Set(
  // English
  (
    'a about above after again all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his ' +
    'how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ' +
    'ours out over own same she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with would you your ' +
    'yours yourself im ive id dont doesnt didnt cant wont isnt arent wasnt hi hello hey thanks thank please get got ' +
    'also want wanted wanting like would know let us much many tell ask asking question questions wondering ' +
    'offer offers do does anyone someone something thing things need needs really kind sort ok okay yes ' +
    // Spanish
    'el la los las un una unos unas de del al a en y o u que qué quien quién como cómo cuando cuándo donde dónde por ' +
    'para con sin sobre entre es son esta está estan están estoy ser fue era hay tiene tienen tengo tienes mi mis tu ' +
    'tus su sus nuestro nuestra lo le les me te se nos yo usted ustedes ellos ellas él ella este esta estos estas ese ' +
    'esa eso esto muy mas más pero si sí no ya también hola gracias favor quiero quisiera saber puedo pueden puede ' +
    'hacen hace hacer cual cuál cuales cuáles algo alguien'
  ).split(/\s+/),
);

/** Lower case, accents folded (á → a, ñ → n), apostrophes removed. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’`]/g, '');
}

const FOLDED_STOP_WORDS = new Set([...STOP_WORDS].map(fold));

/** A light stem: plural and a few common endings, enough to match "injections" to "injection". */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ces') && word.length > 4) return `${word.slice(0, -3)}z`;
  if (/(ches|shes|sses|xes|iones)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/** Every word of a text, folded, in order. */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The content words of a text: folded, stop words removed, stemmed. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => !FOLDED_STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}

/** Sentences of a text, trimmed; line breaks and bullets end a sentence too. */
export function sentences(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}¿¡"(\d])/u)
    .map((s) => s.replace(/^[\s\-*•·]+/, '').trim())
    .filter((s) => s.length > 0);
}

/** How many of the English/Spanish stop words of each language a text uses: a cheap language guess. */
export function looksSpanish(text: string): boolean {
  const ws = words(text);
  const es = new Set([
    'el',
    'la',
    'los',
    'las',
    'de',
    'que',
    'y',
    'en',
    'por',
    'para',
    'con',
    'cuanto',
    'cuesta',
    'es',
    'una',
    'hola',
    'quiero',
    'tienen',
    'precio',
    'cita',
    'mi',
    'su',
    'como',
    'puedo',
    'gracias',
    'donde',
    'cuando',
    'hay',
    'usted',
  ]);
  const en = new Set([
    'the',
    'of',
    'and',
    'to',
    'in',
    'is',
    'for',
    'with',
    'what',
    'how',
    'much',
    'does',
    'do',
    'my',
    'can',
    'i',
    'you',
    'when',
    'where',
    'hi',
    'hello',
    'thanks',
    'cost',
    'price',
    'is',
    'are',
    'she',
    'he',
    'they',
  ]);
  let e = 0;
  let s = 0;
  for (const w of ws) {
    if (es.has(w)) s++;
    if (en.has(w)) e++;
  }
  return s > e;
}

/**
 * How well a sentence answers a question: the share of the question's content terms it contains, each weighted by
 * how rare it is among the candidate sentences (idf), plus a small bonus for a phrase of two question terms in a
 * row. 0 when nothing matches.
 */
export class OverlapScorer {
  private readonly df = new Map<string, number>();
  private readonly n: number;

  constructor(candidates: readonly string[]) {
    this.n = candidates.length;
    for (const c of candidates) {
      for (const t of new Set(contentTerms(c))) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
  }

  weight(term: string): number {
    return Math.log(1 + (this.n + 1) / ((this.df.get(term) ?? 0) + 0.5));
  }

  /** The matched share of the question's weight (0–1) and the matched terms. */
  score(question: string, candidate: string): { score: number; matched: string[] } {
    const q = [...new Set(contentTerms(question))];
    if (q.length === 0) return { score: 0, matched: [] };
    const cTerms = contentTerms(candidate);
    const c = new Set(cTerms);
    let total = 0;
    let hit = 0;
    const matched: string[] = [];
    for (const t of q) {
      const w = this.weight(t);
      total += w;
      if (c.has(t)) {
        hit += w;
        matched.push(t);
      }
    }
    let share = total > 0 ? hit / total : 0;
    const qSeq = contentTerms(question);
    for (let i = 0; i + 1 < qSeq.length; i++) {
      if (cTerms.some((t, j) => t === qSeq[i] && cTerms[j + 1] === qSeq[i + 1])) {
        share += 0.1;
        break;
      }
    }
    return { score: Math.min(1, share), matched };
  }
}
