/**
 * outreach_preferences of a practice (docs/product/settings.md#outreach-preferences): the known keys {enabled, channels {email,
 * phone, sms, chat: {enabled}}, enforce_location_filtering}, and other keys the console keeps there, which
 * are preserved on save but bounded: a snake_case name, the whole object at most 3 levels deep and 8 KB.
 * An update is partial; a key sent as null is removed (a channel too: `channels: {fax: null}`).
 */
export const CHANNELS = ['email', 'phone', 'sms', 'chat'] as const;
const BOOLEAN_KEYS = ['enabled', 'enforce_location_filtering'] as const;

/** How deep the object may nest, itself included: {channels: {sms: {enabled}}} is 3. */
export const MAX_PREFERENCES_DEPTH = 3;
/** The largest stored object, as JSON. */
export const MAX_PREFERENCES_BYTES = 8 * 1024;
const EXTRA_KEY = /^[a-z][a-z0-9_]{0,63}$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nesting of objects and arrays (1 for a flat object); iterative, the input was already depth-limited. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return deepest;
}

/** Checks a partial update: the message of the first problem, or null. */
export function validateOutreachPreferences(input: unknown): string | null {
  if (!isObject(input)) return 'outreach_preferences must be an object';
  if (depthOf(input) > MAX_PREFERENCES_DEPTH) {
    return `outreach_preferences is nested too deeply (${MAX_PREFERENCES_DEPTH} levels at most)`;
  }
  for (const [key, value] of Object.entries(input)) {
    if (value === null) continue; // removes the key
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') return `outreach_preferences.${key} must be true or false`;
    } else if (key === 'channels') {
      const problem = channelsProblem(value);
      if (problem) return problem;
    } else if (!EXTRA_KEY.test(key)) {
      return `outreach_preferences.${key.slice(0, 64)} is not a valid key (lower-case letters, digits and _)`;
    }
  }
  return null;
}

function channelsProblem(channels: unknown): string | null {
  if (!isObject(channels)) return 'outreach_preferences.channels must be an object';
  for (const [name, channel] of Object.entries(channels)) {
    if (!(CHANNELS as readonly string[]).includes(name)) {
      return `outreach_preferences.channels.${name.slice(0, 64)} is not a channel (${CHANNELS.join(', ')})`;
    }
    if (channel === null) continue; // removes the channel
    if (!isObject(channel)) return `outreach_preferences.channels.${name} must be an object`;
    for (const [key, value] of Object.entries(channel)) {
      if (key !== 'enabled') return `outreach_preferences.channels.${name} accepts only enabled`;
      if (typeof value !== 'boolean')
        return `outreach_preferences.channels.${name}.enabled must be true or false`;
    }
  }
  return null;
}

/** Why a merged object cannot be stored (too large), or null. */
export function storedPreferencesProblem(merged: Json): string | null {
  return Buffer.byteLength(JSON.stringify(merged)) > MAX_PREFERENCES_BYTES
    ? `outreach_preferences is too large (${MAX_PREFERENCES_BYTES / 1024} KB at most)`
    : null;
}

/**
 * Applies a partial update: keys sent replace stored ones, keys not sent are kept, keys sent as null are
 * removed; channels merge per channel so that saving one channel never drops another.
 */
export function mergeOutreachPreferences(current: Json, update: Json): Json {
  const merged: Json = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else if (key === 'channels' && isObject(value)) merged.channels = mergeChannels(current.channels, value);
    else merged[key] = value;
  }
  return merged;
}

function mergeChannels(current: unknown, update: Json): Json {
  const channels: Json = { ...(isObject(current) ? current : {}) };
  for (const [name, channel] of Object.entries(update)) {
    const previous = channels[name];
    if (channel === null) delete channels[name];
    else channels[name] = isObject(previous) && isObject(channel) ? { ...previous, ...channel } : channel;
  }
  return channels;
}
