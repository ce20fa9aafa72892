import type { EmailAccount } from '@pp/contracts';
import {
  channelStates,
  channelUnavailable,
  communicationEnabled,
  shownAccounts,
  withChannel,
  withMasterSwitch,
  type VirtualNumber,
} from './rules';

const account = (status: EmailAccount['status'], n = 1): EmailAccount => ({
  email_account_id: `a-${n}`,
  id: `a-${n}`,
  practice_id: 'p',
  email_address: `desk${n}@glow.example`,
  provider: 'google',
  status,
  created_at: '2026-11-20T10:00:00.000Z',
  last_sync_timestamp: null,
});

const number = (over: Partial<VirtualNumber> = {}): VirtualNumber => ({
  phone_number: '+12145550100',
  is_active: true,
  assignment_type: 'practice_default',
  capabilities: { voice: true, sms: true },
  ...over,
});

describe('the master switch', () => {
  const saved = {
    enabled: true,
    channels: {
      email: { enabled: true },
      phone: { enabled: false },
      sms: { enabled: true },
      chat: { enabled: true },
    },
    enforce_location_filtering: true,
  };

  it('off remembers each channel and disables all four, keeping other keys', () => {
    const off = withMasterSwitch(saved, false);
    expect(communicationEnabled(off)).toBe(false);
    expect(channelStates(off)).toEqual({ email: false, phone: false, sms: false, chat: false });
    expect(off.enforce_location_filtering).toBe(true);
    expect(off.remembered_channels).toEqual({ email: true, phone: false, sms: true, chat: true });
  });

  it('on restores the remembered channels and forgets them', () => {
    const on = withMasterSwitch(withMasterSwitch(saved, false), true);
    expect(communicationEnabled(on)).toBe(true);
    expect(channelStates(on)).toEqual({ email: true, phone: false, sms: true, chat: true });
    expect(on).not.toHaveProperty('remembered_channels');
    expect(on.enforce_location_filtering).toBe(true);
  });

  it('off twice keeps the first memory', () => {
    const twice = withMasterSwitch(withMasterSwitch(saved, false), false);
    expect(twice.remembered_channels).toEqual({ email: true, phone: false, sms: true, chat: true });
  });

  it('on without a memory keeps the saved channels', () => {
    const on = withMasterSwitch({ enabled: false, channels: { sms: { enabled: false } } }, true);
    expect(channelStates(on)).toEqual({ email: true, phone: true, sms: false, chat: true });
  });

  it('a channel not saved counts as on', () => {
    expect(communicationEnabled({})).toBe(true);
    expect(channelStates({})).toEqual({ email: true, phone: true, sms: true, chat: true });
  });

  it('one channel changes alone', () => {
    expect(withChannel(saved, 'sms', false).channels).toEqual({ ...saved.channels, sms: { enabled: false } });
  });
});

describe('channel availability', () => {
  const ready = { enabled: true, accounts: [account('active')], numbers: [number()] };

  it('every channel is usable with an active account and a capable default number', () => {
    for (const channel of ['email', 'phone', 'sms', 'chat'] as const) {
      expect(channelUnavailable(channel, ready)).toBeNull();
    }
  });

  it('the master switch off closes every channel, chat included', () => {
    for (const channel of ['email', 'phone', 'sms', 'chat'] as const) {
      expect(channelUnavailable(channel, { ...ready, enabled: false })).toBe('switch_off');
    }
  });

  it('email needs an account with status active', () => {
    expect(channelUnavailable('email', { ...ready, accounts: [] })).toBe('no_email_account');
    expect(
      channelUnavailable('email', { ...ready, accounts: [account('error'), account('pending', 2)] }),
    ).toBe('no_email_account');
  });

  it('phone and SMS need an active default number with the capability', () => {
    expect(channelUnavailable('sms', { ...ready, numbers: [] })).toBe('no_number');
    expect(channelUnavailable('sms', { ...ready, numbers: [number({ is_active: false })] })).toBe(
      'no_number',
    );
    expect(
      channelUnavailable('phone', { ...ready, numbers: [number({ assignment_type: 'campaign' })] }),
    ).toBe('no_default_number');
    const voiceOnly = [number({ capabilities: { voice: true, sms: false } })];
    expect(channelUnavailable('sms', { ...ready, numbers: voiceOnly })).toBe('no_sms');
    expect(channelUnavailable('phone', { ...ready, numbers: voiceOnly })).toBeNull();
    const smsOnly = [number({ capabilities: { voice: false, sms: true } })];
    expect(channelUnavailable('phone', { ...ready, numbers: smsOnly })).toBe('no_voice');
  });

  it('chat needs only the switch', () => {
    expect(channelUnavailable('chat', { enabled: true, accounts: [], numbers: [] })).toBeNull();
  });
});

describe('the email card', () => {
  it('shows 2 accounts, then how many more', () => {
    const accounts = [1, 2, 3, 4, 5].map((n) => account('active', n));
    const { shown, more } = shownAccounts(accounts);
    expect(shown.map((a) => a.email_address)).toEqual(['desk1@glow.example', 'desk2@glow.example']);
    expect(more).toBe(3);
    expect(shownAccounts(accounts.slice(0, 2)).more).toBe(0);
  });
});
