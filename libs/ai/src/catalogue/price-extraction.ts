import { MAX_PRICE, type Currency, type PricingUnit } from '@pp/contracts';
import type { ProcedureMatch } from './procedure-matcher';

/** A price as a page states it. */
export interface ExtractedPrice {
  min: number | null;
  max: number | null;
  unit: PricingUnit;
  currency: Currency;
}

const SYMBOLS: Record<string, Currency> = {
  $: 'USD',
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  '£': 'GBP',
  '€': 'EUR',
};
const UNITS: Record<string, PricingUnit> = {
  unit: 'Unit',
  units: 'Unit',
  syringe: 'Syringe',
  syringes: 'Syringe',
  vial: 'Vial',
  vials: 'Vial',
  area: 'Area',
  areas: 'Area',
  session: 'Session',
  sessions: 'Session',
  treatment: 'Treatment',
  treatments: 'Treatment',
  procedure: 'Procedure',
  visit: 'Session',
};

const AMOUNT = String.raw`(US\$|CA\$|AU\$|C\$|A\$|\$|£|€)\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)`;
const PRICE = new RegExp(
  String.raw`(?:(from|starting at|starts at|start at|starting from|starts from|start from|as low as|up to)\s+)?` +
    AMOUNT +
    String.raw`(?:\s*(?:-|–|—|to)\s*` +
    AMOUNT +
    String.raw`)?(?:\s*(?:/|per|a|an|each)\s*(units?|syringes?|vials?|areas?|sessions?|treatments?|procedure|visit)\b)?`,
  'giu',
);

const amount = (whole: string, cents: string | undefined) =>
  Number(whole.replace(/,/g, '')) + (cents ? Number(cents.padEnd(2, '0')) / 100 : 0);

/**
 * The prices written in a text, in order: '$12/unit', 'from $600 per syringe' (a minimum), 'up to $900'
 * (a maximum), '$500-$800' or '$500 to $800' (a range), '$350' (a single price: min and max). Unit
 * 'None' when none is written; the currency from the symbol.
 */
export function findPrices(text: string): (ExtractedPrice & { index: number; end: number })[] {
  const prices: (ExtractedPrice & { index: number; end: number })[] = [];
  for (const found of text.matchAll(PRICE)) {
    const [, qualifier, symbol, whole, cents, , wholeTo, centsTo, unitWord] = found;
    const first = amount(whole, cents);
    const second = wholeTo ? amount(wholeTo, centsTo) : null;
    const kind = qualifier?.toLowerCase();
    let min: number | null = first;
    let max: number | null = second ?? first;
    if (second === null && kind === 'up to') min = null;
    else if (second === null && kind && kind !== 'up to') max = null;
    // A figure no practice charges ('$10,000,000,000 raised for charity') is not a price.
    if (first > MAX_PRICE || (second ?? 0) > MAX_PRICE) continue;
    prices.push({
      min,
      max,
      unit: unitWord ? (UNITS[unitWord.toLowerCase()] ?? 'None') : 'None',
      currency: SYMBOLS[symbol.toUpperCase()] ?? 'USD',
      index: found.index ?? 0,
      end: (found.index ?? 0) + found[0].length,
    });
  }
  return prices;
}

/**
 * The price of each procedure a text names (docs/product/settings.md#procedure-pricing, 'Reset from Extracted
 * Data'): the text is cut into sentences and lines; in each, a procedure takes the first price written after
 * it and before the next procedure, else the last price before it that follows the previous procedure ('$12 a
 * unit for Botox'). A procedure named with no price maps to null. A procedure named twice keeps its first price.
 */
export function extractProcedurePrices<K extends string>(
  text: string,
  match: (text: string) => ProcedureMatch<K>[],
): Map<K, ExtractedPrice | null> {
  const found = new Map<K, ExtractedPrice | null>();
  for (const segment of text.split(/(?<=[.!?])\s+|[\n\r;•|]+/u)) {
    const matches = match(segment);
    if (matches.length === 0) continue;
    const prices = findPrices(segment);
    matches.forEach((current, position) => {
      const start = current.index + current.text.length;
      const next = matches[position + 1]?.index ?? segment.length;
      const previousEnd = position > 0 ? matches[position - 1].index + matches[position - 1].text.length : 0;
      const after = prices.find((price) => price.index >= start && price.index < next);
      const before = [...prices]
        .reverse()
        .find((price) => price.end <= current.index && price.index >= previousEnd);
      const price = after ?? (position === 0 ? before : undefined);
      const pricing = price
        ? { min: price.min, max: price.max, unit: price.unit, currency: price.currency }
        : null;
      if (!found.has(current.key) || (found.get(current.key) === null && pricing)) {
        found.set(current.key, pricing);
      }
    });
  }
  return found;
}
