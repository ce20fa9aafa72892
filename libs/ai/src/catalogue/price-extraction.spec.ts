import { extractProcedurePrices, findPrices } from './price-extraction';
import { matchCatalogueProcedures } from './procedure-matcher';

const extract = (text: string) => Object.fromEntries(extractProcedurePrices(text, matchCatalogueProcedures));

describe('price extraction', () => {
  it('reads a price per unit, a minimum, a maximum, a range and a single price', () => {
    const strip = (text: string) =>
      findPrices(text).map(({ min, max, unit, currency }) => ({ min, max, unit, currency }));
    expect(strip('$12/unit')).toEqual([{ min: 12, max: 12, unit: 'Unit', currency: 'USD' }]);
    expect(strip('from $600 per syringe')).toEqual([
      { min: 600, max: null, unit: 'Syringe', currency: 'USD' },
    ]);
    for (const from of ['Fillers start at $700 per syringe', 'Packages start from $700 a session']) {
      expect(strip(from)).toEqual([{ min: 700, max: null, unit: expect.any(String), currency: 'USD' }]);
    }
    expect(strip('up to $900')).toEqual([{ min: null, max: 900, unit: 'None', currency: 'USD' }]);
    expect(strip('$1,200 - $1,800 per area')).toEqual([
      { min: 1200, max: 1800, unit: 'Area', currency: 'USD' },
    ]);
    expect(strip('$500 to $800')).toEqual([{ min: 500, max: 800, unit: 'None', currency: 'USD' }]);
    expect(strip('£199.5 a session')).toEqual([{ min: 199.5, max: 199.5, unit: 'Session', currency: 'GBP' }]);
    expect(strip('no price here, 20% off')).toEqual([]);
  });

  it('takes no figure above the highest price the product keeps for a price', () => {
    expect(findPrices('Botox raised $10,000,000,000 for charity')).toEqual([]);
    expect(findPrices('implants $123456789012')).toEqual([]);
    expect(findPrices('$500 to $20,000,000')).toEqual([]);
    expect(extract('Botox: we raised $12,000,000,000 last year')).toEqual({ botox: null });
  });

  it('gives each procedure the price written after it in the same sentence', () => {
    expect(
      extract(
        'Botox is $12/unit and Dysport is $4 per unit. Lip filler starts at $650 per syringe.\nTummy tuck from $8,500',
      ),
    ).toEqual({
      botox: { min: 12, max: 12, unit: 'Unit', currency: 'USD' },
      dysport: { min: 4, max: 4, unit: 'Unit', currency: 'USD' },
      'lip-filler': { min: 650, max: null, unit: 'Syringe', currency: 'USD' },
      'tummy-tuck': { min: 8500, max: null, unit: 'None', currency: 'USD' },
    });
  });

  it('takes a price written before the first procedure of a sentence', () => {
    expect(extract('Only $13 a unit for Xeomin this month.')).toEqual({
      xeomin: { min: 13, max: 13, unit: 'Unit', currency: 'USD' },
    });
  });

  it('maps a procedure without a price to null, and a price in another sentence does not leak', () => {
    expect(extract('We offer Invisalign. Call us. Whitening is $300.')).toEqual({
      invisalign: null,
      'teeth-whitening': { min: 300, max: 300, unit: 'None', currency: 'USD' },
    });
  });

  it('keeps the first price of a procedure named twice, or a later one when the first had none', () => {
    expect(extract('HydraFacial $199. HydraFacial $249.')).toEqual({
      hydrafacial: { min: 199, max: 199, unit: 'None', currency: 'USD' },
    });
    expect(extract('Ask about HydraFacial. HydraFacial $249.')).toEqual({
      hydrafacial: { min: 249, max: 249, unit: 'None', currency: 'USD' },
    });
  });
});
