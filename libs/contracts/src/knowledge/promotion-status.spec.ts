import { calendarDayIn, calendarDayOf, promotionStatus } from './promotion-status';

const promo = { start: '2026-11-01', end: '2026-11-30' };

describe('promotion status in the practice time zone', () => {
  it('is current until the end of its last day there', () => {
    // 2026-12-01 05:59Z is still 23:59 on 30 November in Chicago (UTC-6).
    expect(promotionStatus(promo, new Date('2026-12-01T05:59:00Z'), 'America/Chicago')).toBe('current');
    expect(promotionStatus(promo, new Date('2026-12-01T06:00:00Z'), 'America/Chicago')).toBe('expired');
  });

  it('ending today in Honolulu is still current when it is already tomorrow in UTC (and not in New York)', () => {
    const now = new Date('2026-12-01T08:00:00Z'); // 22:00 on 30 Nov in Honolulu, 03:00 on 1 Dec in New York
    expect(promotionStatus(promo, now, 'Pacific/Honolulu')).toBe('current');
    expect(promotionStatus(promo, now, 'America/New_York')).toBe('expired');
  });

  it('is scheduled until its first day begins there', () => {
    expect(promotionStatus(promo, new Date('2026-11-01T03:59:00Z'), 'America/New_York')).toBe('scheduled');
    expect(promotionStatus(promo, new Date('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('current');
  });

  it('follows daylight saving time changes', () => {
    // New York leaves DST on 1 Nov 2026 at 02:00 local: the day ends at 05:00Z (EST), not 04:00Z.
    const oneDay = { start: '2026-11-01', end: '2026-11-01' };
    expect(promotionStatus(oneDay, new Date('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('current');
    expect(promotionStatus(oneDay, new Date('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('expired');
    // It enters DST on 8 Mar 2026: that day starts at 05:00Z (EST) and ends at 04:00Z (EDT).
    const march = { start: '2026-03-08', end: '2026-03-08' };
    expect(promotionStatus(march, new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('scheduled');
    expect(promotionStatus(march, new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('current');
    expect(promotionStatus(march, new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('expired');
  });

  it('is expired once archived', () => {
    expect(promotionStatus({ ...promo, archived: true }, new Date('2026-11-15T12:00:00Z'), 'UTC')).toBe(
      'expired',
    );
  });

  it('reads calendar days from YYYY-MM-DD or an ISO timestamp, refusing impossible days', () => {
    expect(calendarDayOf('2026-11-30')).toBe('2026-11-30');
    expect(calendarDayOf('2026-11-30T00:00:00.000Z')).toBe('2026-11-30');
    expect(calendarDayOf('2026-02-30')).toBeNull();
    expect(calendarDayOf('2026-11-30Tnonsense')).toBeNull();
    expect(calendarDayOf(20261130)).toBeNull();
    expect(calendarDayIn(new Date('2026-12-01T08:00:00Z'), 'Pacific/Honolulu')).toBe('2026-11-30');
  });
});
