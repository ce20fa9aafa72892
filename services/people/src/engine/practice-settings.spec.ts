import {
  EngineLocation,
  EnginePractice,
  leadLocation,
  locationNamed,
  usableChannels,
} from './practice-settings';

const location = (
  location_id: string,
  name: string,
  address: string,
  extra: Partial<EngineLocation> = {},
) => ({
  location_id,
  name,
  address,
  timezone: 'America/Chicago',
  is_primary: false,
  is_active: true,
  business_hours: null,
  phone: null,
  ...extra,
});

const practice: EnginePractice = {
  practice_id: 'p',
  name: 'Glow Aesthetics',
  automation_level: 'manual',
  channels: { sms: true, email: true, phone: true },
  locations: [
    location('uptown', 'Uptown Dallas', '2100 McKinney Ave, Dallas, TX 75201', { is_primary: true }),
    location('legacy', 'Legacy West', '5800 Legacy Dr, Plano, TX 75024'),
    location('plano-east', 'East Side', '100 Main St, Plano, TX 75074'),
    location('closed', 'Frisco', '1 Main St, Frisco, TX 75033', { is_active: false }),
  ],
};

describe('the location a form names', () => {
  it.each([
    ['Uptown', 'uptown'],
    ['legacy west', 'legacy'],
    ['Legacy West – Plano, TX', 'legacy'],
    ['Dallas, TX', 'uptown'],
  ])('%s is %s', (preference, id) => {
    expect(locationNamed(practice, preference)?.location_id).toBe(id);
  });

  it('names none for a city two locations share, an inactive location, another place or nothing', () => {
    expect(locationNamed(practice, 'Plano')).toBeNull();
    expect(locationNamed(practice, 'Frisco')).toBeNull();
    expect(locationNamed(practice, 'Houston')).toBeNull();
    expect(locationNamed(practice, '  ')).toBeNull();
    expect(locationNamed(practice, null)).toBeNull();
  });

  it('a lead with no named location follows the primary one', () => {
    expect(leadLocation(practice, null)?.location_id).toBe('uptown');
    expect(leadLocation(practice, 'legacy')?.location_id).toBe('legacy');
  });
});

describe('usableChannels (docs/product/settings.md#channel-availability)', () => {
  const all = {
    enabled: true,
    channels: { sms: { enabled: true }, email: { enabled: true }, phone: { enabled: true } },
  };
  const ready = {
    defaultNumber: { sms: true, voice: true },
    activeEmailAccount: true,
    sandboxMailbox: false,
  };

  it('uses a channel switched on whose prerequisite is there', () => {
    expect(usableChannels(all, ready)).toEqual({ sms: true, email: true, phone: true });
  });

  it('the Enable Communication switch off closes every channel, prerequisites or not', () => {
    expect(usableChannels({ ...all, enabled: false }, ready)).toEqual({
      sms: false,
      email: false,
      phone: false,
    });
  });

  it('a channel switched off is not used', () => {
    expect(usableChannels({ channels: { sms: { enabled: false } } }, ready)).toEqual({
      sms: false,
      email: true,
      phone: true,
    });
  });

  it('SMS and calls need the default number with the capability', () => {
    expect(usableChannels(all, { ...ready, defaultNumber: null })).toMatchObject({
      sms: false,
      phone: false,
    });
    expect(usableChannels(all, { ...ready, defaultNumber: { sms: false, voice: true } })).toMatchObject({
      sms: false,
      phone: true,
    });
    expect(usableChannels(all, { ...ready, defaultNumber: { sms: true, voice: false } })).toMatchObject({
      sms: true,
      phone: false,
    });
  });

  it('e-mail needs an active account, unless no provider is configured and the sandbox stands in', () => {
    expect(usableChannels(all, { ...ready, activeEmailAccount: false }).email).toBe(false);
    expect(usableChannels(all, { ...ready, activeEmailAccount: false, sandboxMailbox: true }).email).toBe(
      true,
    );
    expect(
      usableChannels({ channels: { email: { enabled: false } } }, { ...ready, sandboxMailbox: true }).email,
    ).toBe(false);
  });
});
