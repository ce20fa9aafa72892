import { formatMoney, parseAmount } from './money';

describe('money', () => {
  it('shows an amount in its currency with up to two decimals', () => {
    expect(formatMoney(150)).toBe('$150');
    expect(formatMoney(99.5)).toBe('$99.5');
    expect(formatMoney(12.345)).toBe('$12.35');
    expect(formatMoney(1200, 'EUR')).toBe('€1,200');
  });

  it('falls back to dollars for a missing or malformed currency', () => {
    expect(formatMoney(10, null)).toBe('$10');
    expect(formatMoney(10, 'dollars')).toBe('$10');
  });

  it('parses typed amounts, an empty string being null', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('250')).toBe(250);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('abc')).toBeNull();
  });
});
