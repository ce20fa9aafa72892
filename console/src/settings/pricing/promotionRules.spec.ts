import {
  amountKind,
  dayFromIso,
  endIso,
  firstNames,
  isActiveFor,
  matchesStatuses,
  promotionStatus,
  startIso,
} from './promotionRules';
import { aPromotion } from './testKit';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('promotion rules', () => {
  it('derives the status from the dates', () => {
    const base = { start: '2026-11-01T00:00:00Z', end: '2026-11-30T23:59:59Z' };
    expect(promotionStatus(base, NOW)).toBe('current');
    expect(
      promotionStatus({ ...base, start: '2026-12-01T00:00:00Z', end: '2026-12-31T00:00:00Z' }, NOW),
    ).toBe('scheduled');
    expect(promotionStatus({ ...base, end: '2026-11-10T00:00:00Z' }, NOW)).toBe('expired');
  });

  it('is active for a selected procedure, or for every procedure when it covers all, only while current', () => {
    const chosen = aPromotion({
      promotion_id: 'p1',
      is_all_procedures: false,
      selected_procedures: ['botox'],
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-30T00:00:00Z',
    });
    expect(isActiveFor(chosen, 'botox', NOW)).toBe(true);
    expect(isActiveFor(chosen, 'filler', NOW)).toBe(false);
    expect(isActiveFor({ ...chosen, selected_procedures: [] }, 'filler', NOW)).toBe(true);
    expect(isActiveFor({ ...chosen, end: '2026-11-20T00:00:00Z' }, 'botox', NOW)).toBe(false);
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

  it('keeps days as YYYY-MM-DD and sends whole local days as ISO timestamps', () => {
    const start = startIso('2026-12-01');
    const end = endIso('2026-12-31');
    expect(new Date(start).getHours()).toBe(0);
    expect(dayFromIso(start)).toBe('2026-12-01');
    expect(new Date(end).getHours()).toBe(23);
    expect(dayFromIso(end)).toBe('2026-12-31');
    expect(dayFromIso(null)).toBe('');
  });
});
