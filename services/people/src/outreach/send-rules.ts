import { BlockedNumberMessages } from '@pp/contracts';
import type { OutreachChannel } from './transports/channel-transport';

/** What a lead must have to be reached on a channel, and the server's answer when it is missing. */
export const ContactMessages = {
  noPhone: 'This lead has no phone number',
  noEmail: 'This lead has no email address',
  optedOut: 'This lead asked not to be contacted',
  invalidPhone: "This lead's phone number cannot receive messages",
  emailOptedOut: 'This lead unsubscribed from email',
  blocked: BlockedNumberMessages.refused,
} as const;

interface Reachable {
  primary_phone: string | null;
  primary_email: string | null;
  /** `opted_out` is set when the lead asked to be removed (patient_wants_removal, STOP). */
  current_outreach_state?: { opted_out?: unknown; invalid_phone?: unknown; email_opted_out?: unknown } | null;
}

/** The address a channel sends to (phone for sms and calls, email for email), or null. */
export function contactFor(person: Reachable, channel: OutreachChannel): string | null {
  const value = channel === 'email' ? person.primary_email : person.primary_phone;
  return value?.trim() ? value : null;
}

/**
 * Why the product may not send to the lead on the channel, or null when it may: a lead who asked to be
 * removed is never contacted again, one who unsubscribed from e-mail gets no more e-mail, a channel needs
 * its address, and a number on the practice's block list is never texted or called, not even to confirm an
 * opt-out (`blocked`: the caller read the list, `blockedAmong`; docs/decisions/0043-number-block-list.md).
 */
export function missingContact(
  person: Reachable,
  channel: OutreachChannel,
  options: { compliance?: boolean; blocked?: boolean } = {},
): string | null {
  if (channel !== 'email' && options.blocked && contactFor(person, channel)) return ContactMessages.blocked;
  // The one confirmation of an opt-out is the only message a lead who opted out still gets.
  if (person.current_outreach_state?.opted_out === true && !options.compliance)
    return ContactMessages.optedOut;
  // The lead's one-click unsubscribe (RFC 8058) stops e-mail only (services/people/src/email/).
  if (channel === 'email' && person.current_outreach_state?.email_opted_out === true)
    return ContactMessages.emailOptedOut;
  const address = contactFor(person, channel);
  if (!address) return channel === 'email' ? ContactMessages.noEmail : ContactMessages.noPhone;
  // A number the carrier refused (Twilio 21211) stays refused until staff change the lead's phone.
  if (channel !== 'email' && person.current_outreach_state?.invalid_phone === address) {
    return ContactMessages.invalidPhone;
  }
  return null;
}

/** The timeline event a send records (docs/product/leads.md#event, event types). */
export function sentEventType(channel: OutreachChannel): 'sms_sent' | 'email_sent' | 'phone_call_sent' {
  return channel === 'sms' ? 'sms_sent' : channel === 'email' ? 'email_sent' : 'phone_call_sent';
}

/**
 * BullMQ job id of an idempotency key. BullMQ refuses ':' in custom ids, so `decision:<id>` becomes
 * `decision_<id>`; the ledger keeps the key itself.
 */
export function jobIdFor(idempotencyKey: string): string {
  return idempotencyKey.replace(/:/g, '_');
}

/** BullMQ job id of a `send-batch` job: named after its first send, so adding the same batch twice adds it once. */
export function batchJobId(firstIdempotencyKey: string): string {
  return `batch_${jobIdFor(firstIdempotencyKey)}`;
}

/** A first outbound contact moves a new lead to Attempting Contact; later stages are left alone. */
export function stageAfterOutbound(stage: string): string {
  return stage === 'Lead' ? 'Attempting Contact' : stage;
}
