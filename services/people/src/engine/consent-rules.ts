import type { ContactChannel } from './timing-rules';

/**
 * Which channels the AI may use to reach a lead (docs/product/ai-engine.md#consent-to-contact,
 * docs/decisions/0014-consent-in-outreach.md). Pure: the engine loads the facts in the transaction that reads the
 * lead; the rules decide.
 */

/** A consent the lead gave or refused on a form, not withdrawn. */
export interface ConsentRecord {
  channel: ContactChannel;
  granted: boolean;
  /** When the product received it. */
  at: Date;
}

export interface ConsentFacts {
  /**
   * A website form made the lead. Staff-created and seeded leads were not: staff vouch for them, so a channel the
   * lead said nothing about is open (a refusal still closes it).
   */
  from_form: boolean;
  /** The lead's consents, given or refused, that an opt-out has not withdrawn. */
  records: readonly ConsentRecord[];
  /** When the lead last wrote to us on a channel (an SMS, an e-mail, a call it made). */
  wrote: Partial<Record<ContactChannel, Date>>;
}

/**
 * Why a channel is open or closed: `consent` given on a form, `wrote` (the lead used the channel itself: answering
 * on it is conversation), `staff` (no form made the lead: staff vouch); `refused` on a form, or `no_consent`
 * (a form lead who never gave it).
 */
export type PermissionBasis = 'consent' | 'wrote' | 'staff' | 'refused' | 'no_consent';

export interface ChannelPermission {
  allowed: boolean;
  basis: PermissionBasis;
}

/**
 * Whether the AI may contact the lead on a channel: the lead's latest word on it counts — a consent given or
 * refused on a form, or a message the lead sent on it (which opens it). Without any word, a lead staff created
 * or seeded may be contacted and a form lead may not.
 */
export function channelPermission(facts: ConsentFacts, channel: ContactChannel): ChannelPermission {
  let latest: { at: Date; basis: PermissionBasis } | null = null;
  for (const record of facts.records) {
    if (record.channel !== channel) continue;
    if (!latest || record.at.getTime() >= latest.at.getTime()) {
      latest = { at: record.at, basis: record.granted ? 'consent' : 'refused' };
    }
  }
  const wrote = facts.wrote[channel];
  if (wrote && (!latest || wrote.getTime() >= latest.at.getTime())) latest = { at: wrote, basis: 'wrote' };
  if (latest) return { allowed: latest.basis !== 'refused', basis: latest.basis };
  return facts.from_form ? { allowed: false, basis: 'no_consent' } : { allowed: true, basis: 'staff' };
}

/** Whether a channel is open; no facts means the caller checks consent later (when the action falls due). */
export function consentAllows(facts: ConsentFacts | undefined, channel: ContactChannel): boolean {
  return !facts || channelPermission(facts, channel).allowed;
}

const CHANNEL_NAMES: Record<ContactChannel, string> = { sms: 'texts', phone: 'calls', email: 'e-mail' };

/** "texts and calls", "e-mail". */
function channelList(channels: readonly ContactChannel[]): string {
  const names = channels.map((c) => CHANNEL_NAMES[c]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * For staff, why the AI may not use the channels that would reach the lead: "The lead refused texts and calls on
 * the website form and gave no consent for e-mail".
 */
export function consentWhy(facts: ConsentFacts, channels: readonly ContactChannel[]): string {
  const closed = channels.filter((c) => !channelPermission(facts, c).allowed);
  const refused = closed.filter((c) => channelPermission(facts, c).basis === 'refused');
  const missing = closed.filter((c) => channelPermission(facts, c).basis === 'no_consent');
  const parts = [
    ...(refused.length ? [`refused ${channelList(refused)} on the website form`] : []),
    ...(missing.length ? [`gave no consent for ${channelList(missing)}`] : []),
  ];
  return `The AI does not contact this lead: the lead ${parts.join(' and ')}. Staff may reach out; the AI answers when the lead writes`;
}

/** Words for staff when an approved decision's channel is closed (docs/product/ai-engine.md#consent-to-contact). */
export function closedChannelMessage(channel: ContactChannel, permission: ChannelPermission): string {
  const what = channel === 'sms' ? 'texts' : channel === 'phone' ? 'calls' : 'e-mail';
  return permission.basis === 'refused'
    ? `This lead refused ${what} on the website form`
    : `This lead has not agreed to ${what}`;
}
