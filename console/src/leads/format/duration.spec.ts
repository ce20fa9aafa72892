import { formatShortDuration } from './duration';

describe('formatShortDuration', () => {
  it.each([
    [0, '0 s'],
    [0.4, '0 s'],
    [1.6, '2 s'],
    [42, '42 s'],
    [59.4, '59 s'],
    [60, '1 min'],
    [185, '3 min 5 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h'],
    [7800, '2 h 10 min'],
    [7859, '2 h 10 min'],
    [86_400, '1 d'],
    [86_400 * 3 + 4 * 3600 + 59, '3 d 4 h'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatShortDuration(seconds)).toBe(text);
  });

  it('has nothing to show for a missing, negative or non-finite value', () => {
    expect(formatShortDuration(null)).toBeNull();
    expect(formatShortDuration(undefined)).toBeNull();
    expect(formatShortDuration(-1)).toBeNull();
    expect(formatShortDuration(Number.NaN)).toBeNull();
    expect(formatShortDuration(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
