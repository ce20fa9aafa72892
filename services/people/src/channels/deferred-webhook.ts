import { DEFERRED_TWILIO_WEBHOOKS, DeferredTwilioWebhookKind } from '@pp/contracts';
import {
  queryProblem,
  strictQueryParser,
  TWILIO_WEBHOOK_MAX_BYTES,
  verifyTwilioSignature,
} from '@pp/platform';

/** What people verifies a Twilio webhook with: the account's token and the public root Twilio posts to. */
export interface TwilioWebhookSettings {
  TWILIO_AUTH_TOKEN?: string;
  PUBLIC_BASE_URL: string;
}

/** A webhook the gateway kept in Kafka, verified and parsed as the controller's would be; or why it is dropped. */
export type DeferredWebhookReading =
  { kind: DeferredTwilioWebhookKind; form: Record<string, unknown> } | { dropped: string };

export const DeferredWebhookDrops = {
  notARecord: 'not a Twilio webhook record',
  tooLarge: 'larger than any Twilio webhook',
  otherUrl: "not signed for this service's webhook URL",
  badSignature: 'X-Twilio-Signature does not verify',
} as const;

/**
 * A record of gateway.twilio-webhooks (TwilioWebhookReceivedV1) read as the webhook posted to people would be:
 * the service that acts on a webhook verifies it itself (docs/decisions/0015-twilio-sms-channel.md,
 * docs/decisions/0056-inbound-sms-kept-while-people-is-down.md), whoever wrote the record. Its URL must be this
 * service's public URL of that webhook (PUBLIC_BASE_URL, the kind's path, any query), X-Twilio-Signature must verify
 * over it and the form exactly as sent (no field repeated), the form at most 64 KiB and free of what the request
 * parser refuses. The reasons for dropping one name no field of the form (no patient data in logs).
 */
export function readDeferredWebhook(value: unknown, settings: TwilioWebhookSettings): DeferredWebhookReading {
  const record = value as Record<string, unknown> | null;
  if (
    !record ||
    typeof record !== 'object' ||
    record.v !== 1 ||
    record.type !== 'twilio_webhook_received' ||
    !(DEFERRED_TWILIO_WEBHOOKS as readonly unknown[]).includes(record.kind) ||
    typeof record.url !== 'string' ||
    typeof record.form !== 'string' ||
    typeof record.signature !== 'string'
  ) {
    return { dropped: DeferredWebhookDrops.notARecord };
  }
  const kind = record.kind as DeferredTwilioWebhookKind;
  const { url, form, signature } = record as { url: string; form: string; signature: string };
  if (Buffer.byteLength(form, 'utf8') > TWILIO_WEBHOOK_MAX_BYTES)
    return { dropped: DeferredWebhookDrops.tooLarge };
  const ownUrl = `${settings.PUBLIC_BASE_URL}/api/v1/channels/twilio/${kind}`;
  if (url !== ownUrl && !url.startsWith(`${ownUrl}?`)) return { dropped: DeferredWebhookDrops.otherUrl };
  const verified = verifyTwilioSignature({
    authToken: settings.TWILIO_AUTH_TOKEN,
    publicBaseUrl: settings.PUBLIC_BASE_URL,
    pathAndQuery: url.slice(settings.PUBLIC_BASE_URL.length),
    signature,
    form,
  });
  if (!verified) return { dropped: DeferredWebhookDrops.badSignature };
  const parsed = strictQueryParser(form);
  const problem = queryProblem(parsed);
  if (problem) return { dropped: problem.message };
  return { kind, form: parsed };
}
