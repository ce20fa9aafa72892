import { mergeOutreachPreferences, validateOutreachPreferences } from './outreach-preferences';

describe('outreach preferences', () => {
  const stored = {
    enabled: true,
    channels: { email: { enabled: true }, sms: { enabled: false } },
    enforce_location_filtering: true,
    quiet_hours: { start: '21:00' },
  };

  it('keeps keys the update does not name, known or unknown', () => {
    const merged = mergeOutreachPreferences(stored, { enabled: false });
    expect(merged).toEqual({ ...stored, enabled: false });
  });

  it('merges channels one by one', () => {
    const merged = mergeOutreachPreferences(stored, {
      channels: { sms: { enabled: true }, chat: { enabled: true } },
    });
    expect(merged.channels).toEqual({
      email: { enabled: true },
      sms: { enabled: true },
      chat: { enabled: true },
    });
    expect(merged.quiet_hours).toEqual({ start: '21:00' });
  });

  it('stores new unknown keys as sent', () => {
    expect(mergeOutreachPreferences({}, { brand_voice: 'warm' })).toEqual({ brand_voice: 'warm' });
  });

  it.each([
    [[], 'outreach_preferences must be an object'],
    [{ enabled: 'yes' }, 'outreach_preferences.enabled must be true or false'],
    [
      { enforce_location_filtering: 1 },
      'outreach_preferences.enforce_location_filtering must be true or false',
    ],
    [{ channels: [] }, 'outreach_preferences.channels must be an object'],
    [
      { channels: { sms: { enabled: 'on' } } },
      'outreach_preferences.channels.sms.enabled must be true or false',
    ],
  ])('rejects %j', (input, message) => {
    expect(validateOutreachPreferences(input)).toBe(message);
  });

  it('accepts unknown keys and unknown channels', () => {
    expect(validateOutreachPreferences({ channels: { fax: 'whatever' }, extra: [1] })).toBeNull();
  });
});
