import { Logger } from '@nestjs/common';
import twilio from 'twilio';
import { twilioClient } from '@pp/platform';
import { ChannelTransport, OutgoingMessage, TransportReceipt } from './channel-transport';
import { TransportRefusal } from './transport-refusal';

/** Twilio error codes the product acts on (docs/product/channels.md#sms-through-twilio). */
export const TwilioErrors = { unsubscribed: 21610, invalidTo: 21211 } as const;

/** Network errors that prove the request never reached Twilio: safe to try again. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** Another API root (TWILIO_API_BASE_URL): every request's scheme, host and port are replaced by it. */
  baseUrl?: string;
  /** Where Twilio posts the message's status changes. */
  statusCallback: string;
  /** The practice's number to send from (its default virtual number with SMS), or null when it has none. */
  fromNumber: (practiceId: string) => Promise<string | null>;
}

/** SMS through Twilio's Messages API, from the practice's default virtual number, with a status callback. */
export class TwilioSmsTransport implements ChannelTransport {
  readonly channel = 'sms' as const;
  private readonly logger = new Logger(TwilioSmsTransport.name);
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioSmsOptions) {
    this.client = twilioClient(options);
  }

  async send(message: OutgoingMessage): Promise<TransportReceipt> {
    const from = await this.options.fromNumber(message.practice_id);
    if (!from)
      throw new TransportRefusal('rejected', 'The practice has no active virtual number that can send SMS');
    try {
      const sent = await this.client.messages.create({
        to: message.to,
        from,
        body: message.body,
        statusCallback: this.options.statusCallback,
      });
      this.logger.log(`sms ${message.idempotency_key} accepted by Twilio as ${sent.sid}`);
      return { provider_id: sent.sid, mock_execution: false };
    } catch (error) {
      throw refusalOf(error);
    }
  }
}

/**
 * What a failed create means. Twilio's answer: 21610 and 21211 act on the lead, another 4xx is final, a 5xx
 * means it was not accepted (retry). No answer: retried only when the request provably never left; otherwise the
 * message may have been accepted, so it is given up rather than risk sending it twice.
 */
export function refusalOf(error: unknown): Error {
  if (error instanceof twilio.RestException) {
    if (error.code === TwilioErrors.unsubscribed) {
      return new TransportRefusal(
        'recipient_opted_out',
        'The recipient unsubscribed from this number (Twilio 21610)',
        error.code,
      );
    }
    if (error.code === TwilioErrors.invalidTo) {
      return new TransportRefusal(
        'invalid_number',
        'The phone number cannot receive SMS (Twilio 21211)',
        error.code,
      );
    }
    if (error.status >= 500) return new Error(`Twilio answered ${error.status}; not accepted, will retry`);
    return new TransportRefusal(
      'rejected',
      `Twilio refused the message: ${error.message}`,
      error.code ?? null,
    );
  }
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && NOT_CONNECTED.has(code))
    return new Error(`Twilio not reached (${code}); will retry`);
  return new TransportRefusal(
    'rejected',
    'Outcome unknown: no answer from Twilio; not retried to avoid a duplicate',
  );
}
