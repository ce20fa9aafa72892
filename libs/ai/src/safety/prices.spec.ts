import type { QuotableFacts } from '../model';
import { findAmounts, findInventedPrices, parseAmount } from './prices';

const facts: QuotableFacts = {
  pricing: [
    { procedureName: 'Botox', priceMin: 12, priceMax: 15, currency: 'USD', unit: 'unit', locationName: null },
    {
      procedureName: 'Tummy Tuck',
      priceMin: 8500,
      priceMax: 12000,
      currency: 'USD',
      unit: null,
      locationName: null,
    },
    {
      procedureName: 'Lip Filler',
      priceMin: 650,
      priceMax: null,
      currency: 'USD',
      unit: 'syringe',
      locationName: 'Downtown',
    },
    {
      procedureName: 'Lip Filler',
      priceMin: 700,
      priceMax: null,
      currency: 'USD',
      unit: 'syringe',
      locationName: 'Uptown',
    },
  ],
  promotions: [
    {
      name: 'Spring Glow',
      description: '20% off your first HydraFacial',
      procedureNames: [],
      locationName: null,
      endsAt: null,
    },
    {
      name: 'Filler Friday',
      description: '$100 off a second syringe',
      procedureNames: ['Lip Filler'],
      locationName: null,
      endsAt: null,
    },
  ],
  consultationFees: ['$150 consultation, credited toward treatment', 'Free consultation'],
};

describe('parseAmount', () => {
  it.each([
    ['1,200', 1200],
    ['1.200', 1200],
    ['12.50', 12.5],
    ['12,50', 12.5],
    ['1,200.50', 1200.5],
    ['1.200,50', 1200.5],
    ['99', 99],
    ['1.5k', 1500],
    ['12000', 12000],
  ])('reads %s as %d', (raw, value) => expect(parseAmount(raw)).toBe(value));
});

describe('findAmounts', () => {
  it.each([
    ['It is $1,200 today', 1200, '$1,200'],
    ['about 1200 dollars', 1200, '1200 dollars'],
    ['only $12/unit', 12, '$12'],
    ['US$ 99 each', 99, 'US$ 99'],
    ['USD 99 each', 99, 'USD 99'],
    ['cuesta €300', 300, '€300'],
    ['cuesta 1.200 €', 1200, '1.200 €'],
    ['son 12 dólares', 12, '12 dólares'],
    ['son 12 dolares', 12, '12 dolares'],
    ['300 euros', 300, '300 euros'],
    ['£50 deposit', 50, '£50'],
    ['just $2k', 2000, '$2k'],
    ['12 per unit', 12, '12'],
    ['12 por unidad', 12, '12'],
    ['save 20%', 20, '20%'],
    ['save 20 percent', 20, '20 percent'],
    ['ahorra 20 por ciento', 20, '20 por ciento'],
  ])('finds the amount in %p', (text, value, written) => {
    const [amount] = findAmounts(text);
    expect(amount).toMatchObject({ value, text: written });
  });

  it('finds both ends of a range, whichever end carries the currency', () => {
    expect(findAmounts('$300-500').map((a) => a.value)).toEqual([300, 500]);
    expect(findAmounts('from $300 to $500').map((a) => a.value)).toEqual([300, 500]);
    expect(findAmounts('between 300 and 500 dollars').map((a) => a.value)).toEqual([300, 500]);
    expect(findAmounts('entre 300 y 500 dólares').map((a) => a.value)).toEqual([300, 500]);
    expect(findAmounts('10-20% off').map((a) => [a.kind, a.value])).toEqual([
      ['percent', 10],
      ['percent', 20],
    ]);
  });

  it('ignores numbers that are not prices: times, dates, phone numbers, counts', () => {
    expect(
      findAmounts('Call (555) 123-4567 between 9 and 5, or visit on June 30 at 10:30. 2 sessions, 40 units.'),
    ).toEqual([]);
  });
});

describe('findInventedPrices', () => {
  it('passes prices, promotion numbers and fees from the facts', () => {
    const text =
      'Botox is $12 to $15 per unit, a tummy tuck $8,500-$12,000, lip filler $650 a syringe (Uptown: $700). ' +
      'Save 20% on a HydraFacial or $100 off a second syringe. Consultation: $150, credited toward treatment.';
    expect(findInventedPrices(text, facts)).toEqual([]);
  });

  it('passes a text with no amount at all', () => {
    expect(findInventedPrices('We will send you a quote after your consultation.', facts)).toEqual([]);
  });

  it('reports every amount the facts do not hold, as written', () => {
    expect(
      findInventedPrices('Botox is $10 per unit and filler 599 dollars, 30% off this week', facts),
    ).toEqual(['$10', '599 dollars', '30%']);
  });

  it('reports the invented end of a range', () => {
    expect(findInventedPrices('A tummy tuck is $8,500-9,000.', facts)).toEqual(['9,000']);
  });

  it('reports a Spanish or euro amount not in the facts', () => {
    expect(findInventedPrices('El Botox cuesta 11 dólares por unidad', facts)).toEqual(['11 dólares']);
    expect(findInventedPrices('Solo 1.300 € hoy', facts)).toEqual(['1.300 €']);
  });

  it('compares to the cent', () => {
    expect(findInventedPrices('$12.00 per unit', facts)).toEqual([]);
    expect(findInventedPrices('$12.50 per unit', facts)).toEqual(['$12.50']);
  });

  it('allows nothing when the practice has no pricing data', () => {
    expect(findInventedPrices('Botox is $12 per unit', { pricing: [], promotions: [] })).toEqual(['$12']);
  });
});
