import { groupPricingHistory } from './pricingHistory';
import type { PricingHistoryEntry } from './types';

const entry = (changes: Partial<PricingHistoryEntry>): PricingHistoryEntry => ({
  location_id: null,
  location_name: null,
  price_min: 100,
  price_max: 200,
  effective_start: '2026-11-01T10:00:00.000Z',
  effective_end: null,
  ...changes,
});

describe('the pricing history', () => {
  it('lists a price change newest first, the newest marked current', () => {
    const groups = groupPricingHistory([
      entry({ effective_end: '2026-11-02T09:00:00.400Z' }),
      entry({ price_min: 150, price_max: 250, effective_start: '2026-11-02T09:00:00.100Z' }),
    ]);
    expect(groups).toEqual([
      {
        at: Date.parse('2026-11-02T09:00:00.000Z'),
        current: true,
        changes: [{ kind: 'changed', location: null, min: 150, max: 250 }],
      },
      {
        at: Date.parse('2026-11-01T10:00:00.000Z'),
        current: false,
        changes: [{ kind: 'switched_to_all', location: null, min: 100, max: 200 }],
      },
    ]);
  });

  it('groups changes made within the same second, and words a switch to per-location pricing', () => {
    const groups = groupPricingHistory([
      entry({ effective_end: '2026-11-03T12:00:00.900Z' }),
      entry({
        location_id: 'loc-b',
        location_name: 'Uptown',
        price_min: 90,
        price_max: null,
        effective_start: '2026-11-03T12:00:00.950Z',
      }),
      entry({
        location_id: 'loc-a',
        location_name: 'Downtown',
        price_min: null,
        price_max: null,
        effective_start: '2026-11-03T12:00:00.200Z',
      }),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0].current).toBe(true);
    expect(groups[0].changes).toEqual([
      { kind: 'switched_from_all', location: null, min: 100, max: 200 },
      { kind: 'added', location: 'Downtown', min: null, max: null },
      { kind: 'added', location: 'Uptown', min: 90, max: null },
    ]);
  });

  it('words a location turned off as removed, and nothing is current once all pricing ended', () => {
    const groups = groupPricingHistory([
      entry({
        location_id: 'loc-a',
        location_name: 'Downtown',
        effective_end: '2026-11-05T08:00:00.000Z',
      }),
    ]);
    expect(groups[0]).toEqual({
      at: Date.parse('2026-11-05T08:00:00.000Z'),
      current: false,
      changes: [{ kind: 'removed', location: 'Downtown', min: 100, max: 200 }],
    });
    expect(groups[1].changes[0].kind).toBe('added');
  });

  it('is empty without entries', () => {
    expect(groupPricingHistory([])).toEqual([]);
  });
});
