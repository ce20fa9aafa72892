import { formatLocationPhone, isValidTimezone } from './location-rules';

describe('location rules', () => {
  it.each(['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'UTC'])(
    'accepts the time zone %s',
    (tz) => {
      expect(isValidTimezone(tz)).toBe(true);
    },
  );

  it.each(['Mars/Olympus', 'EST5', '', 'not a zone'])('rejects the time zone %j', (tz) => {
    expect(isValidTimezone(tz)).toBe(false);
  });

  it.each([
    ['5551234567', '(555) 123-4567'],
    ['+1 555-123-4567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatLocationPhone(input)).toBe(expected);
  });

  it.each(['555123', '555-123-45678', 'call 5551234567'])('rejects %j', (input) => {
    expect(formatLocationPhone(input)).toBeNull();
  });
});
