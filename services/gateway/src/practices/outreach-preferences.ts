/**
 * outreach_preferences (docs/product/settings.md#outreach-preferences):
 * {enabled, channels {email, phone, sms, chat: {enabled}},
 * enforce_location_filtering} plus any other keys, which are preserved.
 */
export const CHANNELS = ['email', 'phone', 'sms', 'chat'] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the known keys of a partial update; unknown keys are accepted as they are. */
export function validateOutreachPreferences(input: unknown): string | null {
  if (!isObject(input)) return 'outreach_preferences must be an object';
  if ('enabled' in input && typeof input.enabled !== 'boolean')
    return 'outreach_preferences.enabled must be true or false';
  if ('enforce_location_filtering' in input && typeof input.enforce_location_filtering !== 'boolean') {
    return 'outreach_preferences.enforce_location_filtering must be true or false';
  }
  if ('channels' in input) {
    if (!isObject(input.channels)) return 'outreach_preferences.channels must be an object';
    for (const [name, channel] of Object.entries(input.channels)) {
      if (!(CHANNELS as readonly string[]).includes(name)) continue;
      if (!isObject(channel) || ('enabled' in channel && typeof channel.enabled !== 'boolean')) {
        return `outreach_preferences.channels.${name}.enabled must be true or false`;
      }
    }
  }
  return null;
}

/**
 * Applies a partial update: keys sent replace stored ones, keys not sent are kept; channels merge per
 * channel so that saving one channel never drops another.
 */
export function mergeOutreachPreferences(current: Json, update: Json): Json {
  const merged: Json = { ...current, ...update };
  if (isObject(update.channels)) {
    const channels: Json = { ...(isObject(current.channels) ? current.channels : {}) };
    for (const [name, channel] of Object.entries(update.channels)) {
      const previous = channels[name];
      channels[name] = isObject(previous) && isObject(channel) ? { ...previous, ...channel } : channel;
    }
    merged.channels = channels;
  }
  return merged;
}
