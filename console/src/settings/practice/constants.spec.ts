import { i18nProvider } from '../../providers/i18nProvider';
import { TIMEZONES, US_STATES } from './constants';

describe('practice settings constants', () => {
  it('offers the six timezones of the product, labelled', () => {
    expect(TIMEZONES.map(({ value, label }) => `${value} (${i18nProvider.translate(label)})`)).toEqual([
      'America/New_York (Eastern)',
      'America/Chicago (Central)',
      'America/Denver (Mountain)',
      'America/Los_Angeles (Pacific)',
      'America/Anchorage (Alaska)',
      'Pacific/Honolulu (Hawaii)',
    ]);
  });

  it('lists the 50 states and DC once each, as two-letter codes', () => {
    const codes = [...US_STATES];
    expect(codes).toHaveLength(51);
    expect(new Set(codes).size).toBe(51);
    expect(codes).toContain('DC');
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});
