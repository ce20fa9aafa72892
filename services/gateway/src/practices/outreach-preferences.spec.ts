import {
  mergeOutreachPreferences,
  storedPreferencesProblem,
  validateOutreachPreferences,
} from './outreach-preferences';

describe('outreach preferences', () => {
  const stored = {
    enabled: true,
    channels: { email: { enabled: true }, sms: { enabled: false } },
    enforce_location_filtering: true,
    quiet_hours: { start: '21:00' },
  };

  it('keeps keys the update does not name, known or extra', () => {
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

  it('stores new extra keys as sent', () => {
    expect(mergeOutreachPreferences({}, { brand_voice: 'warm' })).toEqual({ brand_voice: 'warm' });
  });

  it('removes a key, or a channel, sent as null', () => {
    expect(mergeOutreachPreferences(stored, { quiet_hours: null, enforce_location_filtering: null })).toEqual(
      {
        enabled: true,
        channels: stored.channels,
      },
    );
    expect(mergeOutreachPreferences(stored, { channels: { sms: null } }).channels).toEqual({
      email: { enabled: true },
    });
    expect(mergeOutreachPreferences(stored, { channels: null })).not.toHaveProperty('channels');
    expect(validateOutreachPreferences({ quiet_hours: null, channels: { sms: null } })).toBeNull();
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
    [
      { channels: { fax: { enabled: true } } },
      'outreach_preferences.channels.fax is not a channel (email, phone, sms, chat)',
    ],
    [{ channels: { sms: true } }, 'outreach_preferences.channels.sms must be an object'],
    [
      { channels: { sms: { enabled: true, priority: 1 } } },
      'outreach_preferences.channels.sms accepts only enabled',
    ],
    [{ 'Bad Key': 1 }, 'outreach_preferences.Bad Key is not a valid key (lower-case letters, digits and _)'],
    [
      { __proto__x: 1 },
      'outreach_preferences.__proto__x is not a valid key (lower-case letters, digits and _)',
    ],
    [{ extra: { a: { b: { c: 1 } } } }, 'outreach_preferences is nested too deeply (3 levels at most)'],
    [{ extra: [[[1]]] }, 'outreach_preferences is nested too deeply (3 levels at most)'],
  ])('rejects %j', (input, message) => {
    expect(validateOutreachPreferences(input)).toBe(message);
  });

  it('accepts extra keys up to 3 levels deep', () => {
    expect(
      validateOutreachPreferences({ remembered_channels: { sms: { enabled: true } }, tone: 'warm' }),
    ).toBeNull();
  });

  it('refuses a stored object over 8 KB', () => {
    expect(storedPreferencesProblem({ notes: 'x'.repeat(8 * 1024) })).toBe(
      'outreach_preferences is too large (8 KB at most)',
    );
    expect(storedPreferencesProblem({ notes: 'x'.repeat(8000) })).toBeNull();
  });
});
