import type { PriceQuote, PromotionQuote, QuotableFacts } from '@pp/ai';
import type { OfferedPromotion } from '@pp/contracts';
import type { PracticeOffer } from '../knowledge-context/practice-knowledge';

/**
 * The prices, promotions and fees a draft for one lead may quote (docs/product/ai-engine.md#what-the-ai-may-quote).
 * Pure. A procedure's price for the lead's location wins over the price for every location; promotions count only
 * while they run and where they apply; with no offer published, nothing may be quoted.
 */
export function quotableFacts(
  offer: PracticeOffer | null,
  location: { location_id: string; name: string } | null,
  now: Date,
): QuotableFacts {
  if (!offer) return { pricing: [], promotions: [], consultationFees: [] };
  const pricing: PriceQuote[] = [];
  for (const procedure of offer.procedures) {
    const own = location ? procedure.prices.find((p) => p.location_id === location.location_id) : undefined;
    const every = procedure.prices.find((p) => p.location_id === null);
    const price = own ?? every;
    if (!price) continue;
    pricing.push({
      procedureName: procedure.name,
      priceMin: price.price_min,
      priceMax: price.price_max,
      currency: price.currency,
      unit: price.unit,
      locationName: own ? (price.location_name ?? location?.name ?? null) : null,
    });
  }
  const promotions: PromotionQuote[] = offer.promotions
    .filter((p) => isRunning(p, now) && (p.location_id === null || p.location_id === location?.location_id))
    .map((p) => ({
      name: p.name,
      description: describePromotion(p),
      procedureNames: p.procedure_names,
      locationName: p.location_name,
      endsAt: p.end,
    }));
  const consultationFees = offer.consultation_fees
    .filter((fee) => fee.location_id === null || fee.location_id === location?.location_id)
    .map((fee) =>
      fee.is_free || fee.fee === null || fee.fee === 0
        ? 'Free consultation'
        : `${money(fee.fee, fee.currency)} consultation`,
    );
  return { pricing, promotions, consultationFees: [...new Set(consultationFees)] };
}

function isRunning(promotion: OfferedPromotion, now: Date): boolean {
  const start = Date.parse(promotion.start);
  const end = Date.parse(promotion.end);
  return (Number.isNaN(start) || start <= now.getTime()) && (Number.isNaN(end) || now.getTime() <= end);
}

function money(amount: number, currency: string): string {
  const symbol = currency === 'USD' ? '$' : `${currency} `;
  return `${symbol}${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** How a promotion reads to a lead, e.g. '20% off Botox' or 'Up to $200 off all procedures'. */
export function describePromotion(p: Pick<OfferedPromotion, 'type' | 'amount' | 'procedure_names'>): string {
  const what = p.procedure_names.length > 0 ? p.procedure_names.join(', ') : 'all procedures';
  const amount = p.amount ?? 0;
  switch (p.type) {
    case 'percent_discount':
      return `${amount}% off ${what}`;
    case 'up_to_percent_discount':
      return `Up to ${amount}% off ${what}`;
    case 'monetary_discount':
      return `${money(amount, 'USD')} off ${what}`;
    case 'up_to_monetary_discount':
      return `Up to ${money(amount, 'USD')} off ${what}`;
    case 'free_consultation':
      return `Free consultation for ${what}`;
    default:
      return `Special offer on ${what}`;
  }
}

/** Units a price is given per that are a small part of a treatment (a neurotoxin unit, a millilitre). */
const PART_OF_A_TREATMENT = /^(per\s+)?(units?|ml|cc|milliliters?|millilitres?|unidad(es)?)$/i;

/**
 * The highest price among the lead's procedures (max, else min), for the lead score; null when none is priced.
 * A price per unit (Botox at $13 a unit) says nothing of what a treatment is worth: it counts as unknown.
 */
export function procedureValue(facts: QuotableFacts, procedures: readonly string[]): number | null {
  const wanted = new Set(procedures.map((p) => p.toLowerCase()));
  let best: number | null = null;
  for (const price of facts.pricing) {
    if (!wanted.has(price.procedureName.toLowerCase())) continue;
    if (price.unit && PART_OF_A_TREATMENT.test(price.unit.trim())) continue;
    const value = price.priceMax ?? price.priceMin;
    if (value !== null && (best === null || value > best)) best = value;
  }
  return best;
}
