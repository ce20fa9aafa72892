import { amountKind, dayOf, dayToIso, firstNames, isActiveFor, matchesStatuses } from './promotionRules';
import { aPromotion } from './testKit';

describe('promotion rules', () => {
  it('is active for a selected procedure, or for every procedure when it covers all, only while current', () => {
    const chosen = aPromotion({
      promotion_id: 'p1',
      is_all_procedures: false,
      selected_procedures: ['botox'],
    });
    expect(isActiveFor(chosen, 'botox')).toBe(true);
    expect(isActiveFor(chosen, 'filler')).toBe(false);
    expect(isActiveFor({ ...chosen, selected_procedures: [] }, 'filler')).toBe(true);
    expect(isActiveFor({ ...chosen, status: 'scheduled' }, 'botox')).toBe(false);
  });

  it('lists at most three names, then how many more', () => {
    expect(firstNames(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(firstNames(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('filters by the chosen statuses, none chosen showing all', () => {
    const current = aPromotion({ promotion_id: 'p1', status: 'current' });
    expect(matchesStatuses(current, [])).toBe(true);
    expect(matchesStatuses(current, ['scheduled', 'current'])).toBe(true);
    expect(matchesStatuses(current, ['expired'])).toBe(false);
  });

  it('asks for a percent, an amount, or nothing (free consultation)', () => {
    expect(amountKind('percent_discount')).toBe('percent');
    expect(amountKind('up_to_percent_discount')).toBe('percent');
    expect(amountKind('monetary_discount')).toBe('amount');
    expect(amountKind('up_to_monetary_discount')).toBe('amount');
    expect(amountKind('free_consultation')).toBe('benefit');
  });

  it('keeps days as YYYY-MM-DD and sends them as ISO timestamps', () => {
    expect(dayToIso('2026-12-01')).toBe('2026-12-01T00:00:00.000Z');
    expect(dayOf('2026-12-31')).toBe('2026-12-31');
    expect(dayOf('2026-12-31T00:00:00.000Z')).toBe('2026-12-31');
    expect(dayOf(null)).toBe('');
  });
});
