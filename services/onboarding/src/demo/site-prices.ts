import {
  CATALOGUE_PROCEDURES,
  extractProcedurePrices,
  matchCatalogueProcedures,
  type PriceQuote,
  type RetrievedPassage,
} from '@pp/ai';

const NAMES: ReadonlyMap<string, string> = new Map(CATALOGUE_PROCEDURES.map((p) => [p.key, p.name]));

/** The prices the site states in the passages retrieved for a question, and the passage each was read in. */
export interface SitePrices {
  pricing: PriceQuote[];
  /** The passage a procedure's price was read in, by the procedure's catalogue name. */
  passages: ReadonlyMap<string, RetrievedPassage>;
}

/**
 * The demo has no pricing table: its prices are those its website states (docs/product/onboarding.md#demo-chat).
 * Read from the passages that answer the question, best first: a procedure keeps the first price written beside it
 * ('Botox is $13 per unit'), at every location. A price the passages do not state is never quoted.
 */
export function sitePrices(passages: readonly RetrievedPassage[]): SitePrices {
  const pricing: PriceQuote[] = [];
  const from = new Map<string, RetrievedPassage>();
  for (const passage of passages) {
    for (const [key, price] of extractProcedurePrices(passage.text, matchCatalogueProcedures)) {
      const name = NAMES.get(key);
      if (!price || !name || from.has(name)) continue;
      from.set(name, passage);
      pricing.push({
        procedureName: name,
        priceMin: price.min,
        priceMax: price.max,
        currency: price.currency,
        unit: price.unit,
        locationName: null,
      });
    }
  }
  return { pricing, passages: from };
}
