import type { Language } from '@pp/contracts';
import type { PriceQuote, PromotionQuote, QuotableFacts } from '../../model';
import { fold } from '../answer/text';
import { numberFormat } from '../../intl-formats';

/**
 * Which of the practice's prices and promotions a message about some procedures may quote, and their wording
 * (docs/product/ai-engine.md#prices). The location's own price is quoted when the practice prices by location;
 * a price for every location otherwise; when the lead's location is unknown and the prices differ, the range
 * across the locations, said to depend on the location.
 */
export interface PriceLine {
  procedure: string;
  min: number | null;
  max: number | null;
  currency: string;
  unit: string | null;
  /** 'location': the given location's price; 'all': one price everywhere; 'varies': the range across locations. */
  scope: 'location' | 'all' | 'varies';
  locationName: string | null;
}

const same = (a: string, b: string) => fold(a).trim() === fold(b).trim();
const containsName = (a: string, b: string) => {
  const fa = fold(a);
  const fb = fold(b);
  return fa.length > 2 && fb.length > 2 && (fa.includes(fb) || fb.includes(fa));
};

/** The pricing rows of one procedure: its exact name first, else a name containing the other. */
function rowsFor(procedure: string, pricing: readonly PriceQuote[]): PriceQuote[] {
  const exact = pricing.filter((p) => same(p.procedureName, procedure));
  return exact.length ? exact : pricing.filter((p) => containsName(p.procedureName, procedure));
}

export function priceLineFor(
  procedure: string,
  pricing: readonly PriceQuote[],
  locationName: string | null | undefined,
): PriceLine | null {
  const rows = rowsFor(procedure, pricing).filter((p) => p.priceMin !== null || p.priceMax !== null);
  if (rows.length === 0) return null;
  const line = (row: PriceQuote, scope: PriceLine['scope']): PriceLine => ({
    procedure: row.procedureName,
    min: row.priceMin,
    max: row.priceMax,
    currency: row.currency,
    unit: row.unit,
    scope,
    locationName: scope === 'location' ? row.locationName : null,
  });
  if (locationName) {
    const here = rows.find((r) => r.locationName !== null && same(r.locationName, locationName));
    if (here) return line(here, 'location');
  }
  const everywhere = rows.find((r) => r.locationName === null);
  if (everywhere) return line(everywhere, 'all');
  const values = rows.flatMap((r) => [r.priceMin, r.priceMax]).filter((v): v is number => v !== null);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const first = rows[0];
  if (rows.every((r) => r.priceMin === first.priceMin && r.priceMax === first.priceMax))
    return line(first, 'all');
  return { ...line(first, 'varies'), min, max: max === min ? null : max };
}

/** The price lines of the procedures (at most `limit`), in the order given, one per procedure. */
export function priceLines(
  procedures: readonly string[],
  pricing: readonly PriceQuote[],
  locationName: string | null | undefined,
  limit = 2,
): PriceLine[] {
  const lines: PriceLine[] = [];
  for (const p of procedures) {
    const l = priceLineFor(p, pricing, locationName);
    if (l && !lines.some((x) => same(x.procedure, l.procedure))) lines.push(l);
    if (lines.length >= limit) break;
  }
  return lines;
}

/** The promotions a message about these procedures at this location may mention. */
export function relevantPromotions(
  procedures: readonly string[],
  promotions: readonly PromotionQuote[],
  locationName: string | null | undefined,
): PromotionQuote[] {
  return promotions.filter(
    (p) =>
      (p.locationName === null || (locationName && same(p.locationName, locationName))) &&
      (p.procedureNames.length === 0 ||
        p.procedureNames.some((n) => procedures.some((q) => same(n, q) || containsName(n, q)))),
  );
}

/** The facts a message about these procedures at this location may quote: the guard for its wording. */
export function relevantFacts(
  procedures: readonly string[],
  facts: QuotableFacts,
  locationName: string | null | undefined,
): QuotableFacts {
  const lines = priceLines(procedures, facts.pricing, locationName, procedures.length || 1);
  return {
    pricing: lines.map((l) => ({
      procedureName: l.procedure,
      priceMin: l.min,
      priceMax: l.max,
      currency: l.currency,
      unit: l.unit,
      locationName: l.locationName,
    })),
    promotions: relevantPromotions(procedures, facts.promotions, locationName),
    consultationFees: facts.consultationFees ?? [],
  };
}

const SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', AUD: '$', MXN: '$', EUR: '€', GBP: '£' };

/** $1,200 · $12.50 · €300 · COP 50,000. */
export function formatMoney(value: number, currency: string): string {
  const digits = Number.isInteger(value) ? 0 : 2;
  const number = numberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  const symbol = SYMBOLS[currency.toUpperCase()];
  return symbol ? `${symbol}${number}` : `${currency.toUpperCase()} ${number}`;
}

const UNITS_ES: Record<string, string> = {
  unit: 'unidad',
  syringe: 'jeringa',
  session: 'sesión',
  treatment: 'tratamiento',
  area: 'área',
  vial: 'vial',
  month: 'mes',
  visit: 'visita',
};

function unitWords(unit: string | null, language: Language): string {
  if (!unit) return '';
  const u = unit
    .trim()
    .toLowerCase()
    .replace(/^per\s+/, '');
  if (language === 'es') return ` por ${UNITS_ES[u] ?? UNITS_ES[u.replace(/s$/, '')] ?? u}`;
  return ` per ${u}`;
}

/** One sentence quoting a price line, e.g. 'Botox at our Downtown office is $12 to $15 per unit.' */
export function priceSentence(line: PriceLine, language: Language): string {
  const m = (v: number) => formatMoney(v, line.currency);
  const unit = unitWords(line.unit, language);
  const where =
    line.scope === 'location' && line.locationName
      ? language === 'es'
        ? ` en nuestra sede de ${line.locationName}`
        : ` at our ${line.locationName} office`
      : '';
  const varies =
    line.scope === 'varies' ? (language === 'es' ? ', según la sede' : ', depending on the location') : '';
  let amount: string;
  if (line.min !== null && line.max !== null && line.max !== line.min) {
    amount =
      language === 'es' ? `de ${m(line.min)} a ${m(line.max)}` : `from ${m(line.min)} to ${m(line.max)}`;
  } else if (line.min !== null) {
    amount = language === 'es' ? `desde ${m(line.min)}` : `starts at ${m(line.min)}`;
    if (line.max === line.min) amount = m(line.min);
  } else {
    amount = language === 'es' ? `hasta ${m(line.max as number)}` : `up to ${m(line.max as number)}`;
  }
  if (language === 'es') return `${line.procedure}${where} cuesta ${amount}${unit}${varies}.`;
  const verb = amount.startsWith('starts') ? '' : 'is ';
  return `${line.procedure}${where} ${verb}${amount}${unit}${varies}.`;
}
