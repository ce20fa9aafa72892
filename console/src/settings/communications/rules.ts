import type { EmailAccount } from '@pp/contracts';

/**
 * The AI Communications page's rules (docs/product/settings.md#communications): the channels, the master
 * switch with its per-channel memory, and when each channel can be used. Pure: the page and its tests read it.
 */
export const COMMUNICATION_CHANNELS = ['email', 'phone', 'sms', 'chat'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const AUTOMATION_LEVELS = ['manual', 'semi_auto', 'full_auto'] as const;
export type AutomationLevel = (typeof AUTOMATION_LEVELS)[number];

/** Where the master switch keeps each channel's state while it is off (an extra outreach_preferences key). */
export const REMEMBERED_CHANNELS_KEY = 'remembered_channels';

export type ChannelStates = Record<CommunicationChannel, boolean>;

/** A virtual number as GET practices/{id}/virtual-numbers/ answers it. */
export interface VirtualNumber {
  virtual_number_id?: string;
  phone_number: string;
  is_active: boolean;
  assignment_type: string;
  capabilities: { voice?: boolean; sms?: boolean } | null;
}

type Preferences = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The master switch: on unless saved off. */
export function communicationEnabled(preferences: Preferences | null | undefined): boolean {
  return preferences?.enabled !== false;
}

/** Each channel's saved state: on unless saved off (the engine reads them the same way). */
export function channelStates(preferences: Preferences | null | undefined): ChannelStates {
  const channels = isObject(preferences?.channels) ? preferences.channels : {};
  const on = (name: CommunicationChannel) => {
    const channel = channels[name];
    return !(isObject(channel) && channel.enabled === false);
  };
  return { email: on('email'), phone: on('phone'), sms: on('sms'), chat: on('chat') };
}

function rememberedStates(preferences: Preferences): ChannelStates | null {
  const remembered = preferences[REMEMBERED_CHANNELS_KEY];
  if (!isObject(remembered)) return null;
  const state = (name: CommunicationChannel) => remembered[name] === true;
  return { email: state('email'), phone: state('phone'), sms: state('sms'), chat: state('chat') };
}

const asChannels = (states: ChannelStates) =>
  Object.fromEntries(COMMUNICATION_CHANNELS.map((name) => [name, { enabled: states[name] }]));

/**
 * The outreach_preferences to save when the master switch moves (docs/product/settings.md#master-switch), every
 * other key kept: off remembers each channel's state and disables all four; on restores the remembered states
 * if any, otherwise keeps the saved channels. The memory is stored with the practice, so it outlives a reload.
 */
export function withMasterSwitch(preferences: Preferences | null | undefined, on: boolean): Preferences {
  const current = preferences ?? {};
  if (!on) {
    // Turning off twice must not overwrite the memory with the all-off states.
    const remembered = rememberedStates(current) ?? channelStates(current);
    return {
      ...current,
      enabled: false,
      channels: asChannels({ email: false, phone: false, sms: false, chat: false }),
      [REMEMBERED_CHANNELS_KEY]: remembered,
    };
  }
  const restored = rememberedStates(current) ?? channelStates(current);
  const rest = { ...current };
  delete rest[REMEMBERED_CHANNELS_KEY];
  return { ...rest, enabled: true, channels: asChannels(restored) };
}

/** The outreach_preferences to save when one channel's switch moves, every other key kept. */
export function withChannel(
  preferences: Preferences | null | undefined,
  channel: CommunicationChannel,
  on: boolean,
): Preferences {
  const current = preferences ?? {};
  const channels = isObject(current.channels) ? current.channels : {};
  const previous = isObject(channels[channel]) ? channels[channel] : {};
  return { ...current, channels: { ...channels, [channel]: { ...previous, enabled: on } } };
}

/** Why a channel cannot be used: the catalogue key of the reason (pp.settings.communications.unavailable.*). */
export type UnavailableReason =
  'switch_off' | 'no_email_account' | 'no_number' | 'no_default_number' | 'no_voice' | 'no_sms';

/** The practice's default number (assignment_type practice_default), active or not. */
export function defaultNumber(numbers: readonly VirtualNumber[]): VirtualNumber | undefined {
  return numbers.find((number) => number.assignment_type === 'practice_default' && number.is_active);
}

/**
 * Whether a channel can be enabled (docs/product/settings.md#channel-availability), or why not: email needs an
 * active email account; phone and SMS an active virtual number and the default practice number with voice (or
 * sms) capability; chat only the master switch — and every channel the master switch.
 */
export function channelUnavailable(
  channel: CommunicationChannel,
  context: { enabled: boolean; accounts: readonly EmailAccount[]; numbers: readonly VirtualNumber[] },
): UnavailableReason | null {
  if (!context.enabled) return 'switch_off';
  switch (channel) {
    case 'chat':
      return null;
    case 'email':
      return context.accounts.some((account) => account.status === 'active') ? null : 'no_email_account';
    case 'phone':
    case 'sms': {
      if (!context.numbers.some((number) => number.is_active)) return 'no_number';
      const number = defaultNumber(context.numbers);
      if (!number) return 'no_default_number';
      const capability = channel === 'phone' ? 'voice' : 'sms';
      if (number.capabilities?.[capability] !== true) return channel === 'phone' ? 'no_voice' : 'no_sms';
      return null;
    }
  }
}

/** The email card's accounts: the first 2, then how many more ('+N more'). */
export const EMAIL_ACCOUNTS_SHOWN = 2;
export function shownAccounts(accounts: readonly EmailAccount[]): {
  shown: EmailAccount[];
  more: number;
} {
  return {
    shown: accounts.slice(0, EMAIL_ACCOUNTS_SHOWN),
    more: Math.max(0, accounts.length - EMAIL_ACCOUNTS_SHOWN),
  };
}
