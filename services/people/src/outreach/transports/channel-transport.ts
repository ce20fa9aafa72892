/** The channels outreach can go out on (docs/product/leads.md#event: content_data.channel). */
export type OutreachChannel = 'sms' | 'email' | 'phone';

export const OUTREACH_CHANNELS: readonly OutreachChannel[] = ['sms', 'email', 'phone'];

export function isOutreachChannel(value: unknown): value is OutreachChannel {
  return typeof value === 'string' && (OUTREACH_CHANNELS as readonly string[]).includes(value);
}

/** One message for one lead, as a transport sees it. */
export interface OutgoingMessage {
  idempotency_key: string;
  channel: OutreachChannel;
  practice_id: string;
  person_id: string;
  /** E.164 phone number for sms and phone, an email address for email. */
  to: string;
  subject: string | null;
  /** The SMS text, the email body or the call script. */
  body: string;
}

export interface TransportReceipt {
  /** The provider's id of the message or call (a call's sid for phone). */
  provider_id: string;
  /** True when nothing left the building (sandbox). */
  mock_execution: boolean;
}

/**
 * Sends on one channel. A transport throws only when it is sure nothing was sent, so the job may be
 * retried; the real transports (Twilio, the practice's mailbox) arrive with the channels issue.
 */
export interface ChannelTransport {
  readonly channel: OutreachChannel;
  send(message: OutgoingMessage): Promise<TransportReceipt>;
}
