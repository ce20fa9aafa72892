import { normalizeUsPhone } from './phone';

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
