import { formatPriceRange, groupPricingHistory } from './pricing-history';

const row = (
  location_id: string | null,
  location_name: string,
  min: number | null,
  max: number | null,
  start: string,
  end: string | null,
) => ({
  location_id,
  location_name,
  price_min: min,
  price_max: max,
  unit: 'Unit' as const,
  currency: 'USD' as const,
  effective_start: start,
  effective_end: end,
});

describe('pricing history grouping', () => {
  it('formats ranges', () => {
    expect(formatPriceRange(null, null)).toBe('No pricing');
    expect(formatPriceRange(12, 12)).toBe('$12');
    expect(formatPriceRange(10.5, 15)).toBe('$10.50 to $15');
    expect(formatPriceRange(null, 900)).toBe('Up to $900');
  });

  it('groups to the second, newest first, with the wording of each change', () => {
    const groups = groupPricingHistory([
      row(null, 'All locations', 12, 15, '2026-05-01T10:00:00.900Z', null),
      row('a', 'Uptown', 11, 16, '2026-04-01T09:00:00.100Z', '2026-05-01T10:00:00.200Z'),
      row(null, 'All locations', 10, 12, '2026-03-01T08:00:00.000Z', '2026-04-01T09:00:00.050Z'),
    ]);
    expect(groups).toEqual([
      {
        at: '2026-05-01T10:00:00Z',
        current: true,
        lines: ['Switched to All locations ($12 to $15)', 'Removed Uptown'],
      },
      {
        at: '2026-04-01T09:00:00Z',
        current: false,
        lines: ['Added Uptown ($11 to $16)', 'Switched from All locations'],
      },
      { at: '2026-03-01T08:00:00Z', current: false, lines: ['Switched to All locations ($10 to $12)'] },
    ]);
  });
});
