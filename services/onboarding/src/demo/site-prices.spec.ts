import { sitePrices } from './site-prices';

describe('sitePrices', () => {
  const passage = (id: string, text: string) => ({ id, text, url: `https://glow.example/${id}`, title: id });

  it('reads the prices the site states beside its procedures, each with the passage it is in', () => {
    const services = passage('services', 'Botox is $13 per unit. Fillers start at $700 per syringe.');
    const found = sitePrices([services, passage('about', 'We are a physician-led med spa.')]);
    expect(found.pricing).toEqual([
      {
        procedureName: 'Botox',
        priceMin: 13,
        priceMax: 13,
        currency: 'USD',
        unit: 'Unit',
        locationName: null,
      },
      expect.objectContaining({
        procedureName: 'Dermal Fillers',
        priceMin: 700,
        priceMax: null,
        unit: 'Syringe',
      }),
    ]);
    expect(found.passages.get('Botox')).toBe(services);
  });

  it('keeps the best passage’s price when two state one, and quotes nothing the passages do not state', () => {
    const found = sitePrices([
      passage('pricing', 'Botox: $12/unit this month.'),
      passage('old', 'Botox is $15 per unit.'),
      passage('faq', 'HydraFacial leaves no downtime.'),
    ]);
    expect(found.pricing.map((p) => [p.procedureName, p.priceMin])).toEqual([['Botox', 12]]);
    expect(sitePrices([]).pricing).toEqual([]);
  });
});
