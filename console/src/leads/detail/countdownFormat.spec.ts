import { countdownParts, formatCountdown, isExpired } from './countdownFormat';

const ms = ({ d = 0, h = 0, m = 0, s = 0 }) => (((d * 24 + h) * 60 + m) * 60 + s) * 1000;

describe('formatCountdown', () => {
  it.each([
    [ms({ h: 2, m: 5, s: 9 }), '2h 5m', '02:05:09', '2 hours 5 minutes 9 seconds'],
    [ms({ d: 1, h: 3, m: 1 }), '1d 3h', '27:01:00', '1 day 3 hours 1 minute'],
    [ms({ m: 4, s: 10 }), '4m 10s', '00:04:10', '4 minutes 10 seconds'],
    [ms({ s: 1 }), '1s', '00:00:01', '1 second'],
    [ms({ h: 1 }), '1h 0m', '01:00:00', '1 hour'],
    [0, '0s', '00:00:00', '0 seconds'],
  ])('shows %p ms as %p, %p and %p', (remaining, compact, minimal, full) => {
    expect(formatCountdown(remaining, 'compact')).toBe(compact);
    expect(formatCountdown(remaining, 'minimal')).toBe(minimal);
    expect(formatCountdown(remaining, 'full')).toBe(full);
  });

  it('counts a partial second as a whole one, so zero shows only when expired', () => {
    expect(formatCountdown(1001, 'minimal')).toBe('00:00:02');
    expect(formatCountdown(1, 'compact')).toBe('1s');
  });

  it('never goes below zero once expired', () => {
    expect(formatCountdown(-5000, 'minimal')).toBe('00:00:00');
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(isExpired(-1)).toBe(true);
    expect(isExpired(0)).toBe(true);
    expect(isExpired(1)).toBe(false);
  });
});
