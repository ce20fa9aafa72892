import type { QuotableFacts } from '../model';

/**
 * The price guard (docs/product/ai-engine.md#prices): a draft or an answer may quote a money amount or a
 * percentage only when the practice's own data holds it — a pricing row's minimum or maximum, a number written
 * in a promotion (its name or description) or in a consultation fee. Everything else is an invented price.
 *
 * Amounts are recognised in the forms leads and drafts write them: $1,200 · $1.5k · 1200 dollars · $12/unit ·
 * US$ 99 · USD 99 · €300 · 1.200 € · 300 euros · 12 dólares · 12 pesos · £50; a bare number joined to one of those
 * by a range word ($300-500, 300 to 500 dollars, entre 300 y 500 dólares) is an amount too, and so is a number
 * "per unit / por sesión". Percentages: 20%, 20 percent, 20 por ciento (and the ends of 10-20%). Amounts are
 * compared by value whatever the currency sign (the guard is about numbers the practice never gave), to the cent.
 */

export interface FoundAmount {
  kind: 'money' | 'percent';
  value: number;
  /** As written in the text. */
  text: string;
  index: number;
}

const NUMBER = String.raw`\d{1,3}(?:[.,\u00A0\u202F]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const KILO = String.raw`(?:\s?[kK](?![a-zA-Z]))?`;
const PREFIX = String.raw`(?:US\s?\$|USD\s?|CA?\$|A\$|MX\$|MXN\s?|EUR\s?|GBP\s?|CAD\s?|AUD\s?|\$|€|£)`;
const SUFFIX = String.raw`(?:\s?(?:USD|EUR|GBP|CAD|AUD|MXN|dollars?|d[oó]lares|d[oó]lar|bucks|euros?|pesos|€|\$)(?![\p{L}]))`;
const PER_UNIT = String.raw`(?=\s?(?:\/|per\s|por\s|a\s|an\s)\s?(?:unit|units|unidad|unidades|syringe|syringes|jeringa|jeringas|session|sessions|sesi[oó]n|sesiones|area|areas|[aá]rea|[aá]reas|vial|viales|vials|treatment|tratamiento|ml|cc)\b)`;
const PERCENT = String.raw`(?:\s?%|\s?(?:percent|per\s?cent|por\s?ciento)\b)`;
const RANGE_WORD = String.raw`\s?(?:-|–|—|~|to|a|y|and|hasta|through|or|o)\s?`;

const MONEY_PREFIXED = new RegExp(String.raw`${PREFIX}\s?(${NUMBER})${KILO}`, 'giu');
const MONEY_SUFFIXED = new RegExp(String.raw`(?<![\d.,])(${NUMBER})${KILO}${SUFFIX}`, 'giu');
const MONEY_PER_UNIT = new RegExp(String.raw`(?<![\d.,$€£])(${NUMBER})${PER_UNIT}`, 'giu');
const PERCENTAGE = new RegExp(String.raw`(?<![\d.,])(${NUMBER})${PERCENT}`, 'giu');
const ANY_NUMBER = new RegExp(String.raw`(?<![\d.,])(${NUMBER})${KILO}`, 'giu');
const BARE_NUMBER = new RegExp(String.raw`(?<![\d.,$€£])(${NUMBER})${KILO}(?![\d%])`, 'giu');

/** A written number as a value: 1,200 · 1.200 · 1 200 · 12.50 · 12,50 · 1.5k. */
export function parseAmount(raw: string): number {
  let s = raw.replace(/[\s\u00A0\u202F]/g, '');
  let factor = 1;
  if (/k$/i.test(s)) {
    factor = 1000;
    s = s.slice(0, -1);
  }
  // A separator followed by 1–2 digits at the end is a decimal one; every other separator groups thousands.
  const decimal = /[.,](\d{1,2})$/.exec(s);
  let whole = s;
  let fraction = '';
  if (decimal) {
    whole = s.slice(0, decimal.index);
    fraction = decimal[1];
  }
  whole = whole.replace(/[.,]/g, '');
  const value = Number(fraction ? `${whole}.${fraction}` : whole);
  return Math.round(value * factor * 100) / 100;
}

interface Span {
  kind: FoundAmount['kind'];
  start: number;
  end: number;
  value: number;
}

function spans(text: string, re: RegExp, kind: Span['kind']): Span[] {
  const found: Span[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const after = m[0].slice(m[0].indexOf(m[1]) + m[1].length);
    const kilo = /^\s?[kK]/.test(after) ? 'k' : '';
    found.push({ kind, start: m.index, end: m.index + m[0].length, value: parseAmount(m[1] + kilo) });
    if (m[0].length === 0) re.lastIndex++;
  }
  return found;
}

/** Every money amount and percentage in a text, in order of appearance. */
export function findAmounts(text: string): FoundAmount[] {
  const marked = [
    ...spans(text, MONEY_PREFIXED, 'money'),
    ...spans(text, MONEY_SUFFIXED, 'money'),
    ...spans(text, MONEY_PER_UNIT, 'money'),
    ...spans(text, PERCENTAGE, 'percent'),
  ].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));

  // Overlapping matches (US$ 99 USD) keep the first, longest one.
  const kept: Span[] = [];
  for (const span of marked) {
    const last = kept[kept.length - 1];
    if (last && span.start < last.end) continue;
    kept.push(span);
  }

  // A bare number joined to an amount by a range word is the other end of that range.
  const bare = spans(text, BARE_NUMBER, 'money').filter(
    (b) => !kept.some((k) => b.start < k.end && k.start < b.end),
  );
  const rangeAfter = new RegExp(String.raw`^${RANGE_WORD}$`, 'iu');
  const joined = new Set<Span>();
  let added = true;
  while (added) {
    added = false;
    for (const b of bare) {
      if (joined.has(b)) continue;
      const partner = kept.find((k) => {
        const between =
          b.start >= k.end
            ? text.slice(k.end, b.start)
            : k.start >= b.end
              ? text.slice(b.end, k.start)
              : null;
        return between !== null && rangeAfter.test(between);
      });
      if (partner) {
        b.kind = partner.kind;
        kept.push(b);
        joined.add(b);
        added = true;
      }
    }
  }

  return kept
    .sort((a, b) => a.start - b.start)
    .map((s) => ({
      kind: s.kind,
      value: s.value,
      text: text.slice(s.start, s.end).trim(),
      index: s.start,
    }));
}

/** Every number written in a text, as values (for the practice's own promotion and fee wording). */
function numbersIn(text: string): number[] {
  return spans(text, ANY_NUMBER, 'money').map((s) => s.value);
}

/** The values the practice's data allows a text to quote. */
export function allowedAmounts(facts: QuotableFacts): number[] {
  const allowed = new Set<number>();
  for (const p of facts.pricing) {
    if (p.priceMin !== null) allowed.add(Math.round(p.priceMin * 100) / 100);
    if (p.priceMax !== null) allowed.add(Math.round(p.priceMax * 100) / 100);
  }
  for (const promotion of facts.promotions) {
    for (const v of numbersIn(`${promotion.name} ${promotion.description}`)) allowed.add(v);
  }
  for (const fee of facts.consultationFees ?? []) {
    for (const v of numbersIn(fee)) allowed.add(v);
  }
  return [...allowed];
}

/**
 * Every money amount or percentage in the text that the pricing, the promotions and the consultation fees do
 * not contain, as written in the text; [] when the text is clean.
 */
export function findInventedPrices(text: string, facts: QuotableFacts): string[] {
  const allowed = allowedAmounts(facts);
  return findAmounts(text)
    .filter((a) => !allowed.some((v) => Math.abs(v - a.value) < 0.005))
    .map((a) => a.text);
}
