import { Logger } from '@nestjs/common';
import twilio from 'twilio';
import { twilioClient } from '@pp/platform';
import { DataSource } from 'typeorm';
import { VOICE_PATHS, voiceUrl } from '../../channels/voice/twiml';
import { ChannelTransport, OutgoingMessage, TransportReceipt } from './channel-transport';
import { refusalOf } from './twilio-sms.transport';
import { TransportRefusal } from './transport-refusal';

export interface TwilioVoiceOptions {
  accountSid: string;
  authToken: string;
  /** Another API root (TWILIO_API_BASE_URL). */
  baseUrl?: string;
  /** PUBLIC_BASE_URL: the root of the call's webhooks (the gateway's public voice paths). */
  publicBaseUrl: string;
  /** The practice's number to call from (its default virtual number with voice), or null when it has none. */
  fromNumber: (practiceId: string) => Promise<string | null>;
}

/** How long Twilio lets the lead's phone ring (seconds). */
const RING_SECONDS = 25;

/**
 * The AI's calls through Twilio's Calls API (docs/decisions/0017-twilio-voice.md): a `people.calls` row is written
 * first (keyed by the send's idempotency key, holding the call script), then the call is created with its url on
 * the gateway's public voice paths (`/voice/ai?call=<id>`, the conversation's first turn), a status callback
 * (phone_call_completed) and a recording callback. The call itself is driven by the voice webhooks.
 */
export class TwilioVoiceTransport implements ChannelTransport {
  readonly channel = 'phone' as const;
  private readonly logger = new Logger(TwilioVoiceTransport.name);
  private readonly client: twilio.Twilio;

  constructor(
    private readonly options: TwilioVoiceOptions,
    private readonly dataSource: DataSource,
  ) {
    this.client = twilioClient(options);
  }

  async send(message: OutgoingMessage): Promise<TransportReceipt> {
    const from = await this.options.fromNumber(message.practice_id);
    if (!from) {
      throw new TransportRefusal('rejected', 'The practice has no active virtual number that can make calls');
    }
    const [row]: { call_id: string; call_sid: string | null }[] = await this.dataSource.query(
      `INSERT INTO "people"."calls"
         ("idempotency_key", "practice_id", "person_id", "direction", "from_number", "to_number", "script")
       VALUES ($1, $2, $3, 'outbound', $4, $5, $6)
       ON CONFLICT ("idempotency_key") DO UPDATE SET "updated_at" = now()
       RETURNING "call_id", "call_sid"`,
      [message.idempotency_key, message.practice_id, message.person_id, from, message.to, message.body],
    );
    if (row.call_sid) return { provider_id: row.call_sid, mock_execution: false };
    const base = this.options.publicBaseUrl;
    try {
      const call = await this.client.calls.create({
        to: message.to,
        from,
        url: voiceUrl(base, VOICE_PATHS.ai, { call: row.call_id }),
        method: 'POST',
        statusCallback: voiceUrl(base, VOICE_PATHS.status),
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['completed'],
        record: true,
        recordingStatusCallback: voiceUrl(base, VOICE_PATHS.recording),
        recordingStatusCallbackMethod: 'POST',
        timeout: RING_SECONDS,
      });
      await this.dataSource.query(
        `UPDATE "people"."calls" SET "call_sid" = $2, "updated_at" = now() WHERE "call_id" = $1 AND "call_sid" IS NULL`,
        [row.call_id, call.sid],
      );
      this.logger.log(`call ${message.idempotency_key} accepted by Twilio as ${call.sid}`);
      return { provider_id: call.sid, mock_execution: false };
    } catch (error) {
      throw refusalOf(error);
    }
  }
}
