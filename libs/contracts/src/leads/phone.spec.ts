import { formatPhone, normalizeUsPhone } from './phone';

describe('normalizeUsPhone', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    ['1 555 123 4567', '+15551234567'],
    ['+1 (555) 123-4567', '+15551234567'],
  ])('stores %s as %s', (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });

  it.each(['123', '555123456', '25551234567', '555-123-45678'])('rejects %s', (input) => {
    expect(normalizeUsPhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['+15551234567', '(555) 123-4567'],
    ['15551234567', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
  ])('shows %s as %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('shows anything that is not a US number as given', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBe('');
  });
});
