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
  /** `batch`: shared by the sends of one batch, for what a transport reads once for all of them. */
  send(message: OutgoingMessage, batch?: SendBatchScope): Promise<TransportReceipt>;
}

/**
 * What a batch of sends (`OutreachSender.sendBatch`) shares: a transport's reads by key, made once for the
 * batch's messages instead of once per message (e-mail: the practice's sending mailbox).
 */
export class SendBatchScope {
  private readonly reads = new Map<string, Promise<unknown>>();

  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let found = this.reads.get(key) as Promise<T> | undefined;
    if (!found) this.reads.set(key, (found = read()));
    return found;
  }
}
