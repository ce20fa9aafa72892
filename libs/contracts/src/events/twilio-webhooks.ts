/**
 * The Twilio webhooks the gateway keeps in Kafka when people cannot take them (docs/product/channels.md#webhooks,
 * docs/decisions/0056-inbound-sms-kept-while-people-is-down.md): an inbound SMS and an outbound SMS's status
 * callback. Voice webhooks are never deferred: Twilio waits for their TwiML.
 */
export const DEFERRED_TWILIO_WEBHOOKS = ['sms', 'status'] as const;
export type DeferredTwilioWebhookKind = (typeof DEFERRED_TWILIO_WEBHOOKS)[number];

/**
 * A Twilio webhook as the gateway received and verified it, on `gateway.twilio-webhooks`: the request itself, not
 * what it means, so that people verifies X-Twilio-Signature again over exactly what Twilio signed and handles it as
 * it handles the webhook posted to it (once per MessageSid). It names no practice (the gateway does not look the
 * number up on this path; people does, as for the webhook posted to it): keyed by the practice's number (an SMS's
 * `To`, a status callback's `From`), so the webhooks of one number keep their order.
 */
export interface TwilioWebhookReceivedV1 {
  v: 1;
  /** A fresh id of this record; a webhook is handled once by its MessageSid, not by this id. */
  event_id: string;
  type: 'twilio_webhook_received';
  /** ISO 8601: when the gateway received the webhook. */
  occurred_at: string;
  /** Which webhook: `sms` (/api/v1/channels/twilio/sms) or `status` (/api/v1/channels/twilio/status). */
  kind: DeferredTwilioWebhookKind;
  /** The public URL the signature was verified against: PUBLIC_BASE_URL, the path and the query as received. */
  url: string;
  /** The form body exactly as it was sent (application/x-www-form-urlencoded, UTF-8). */
  form: string;
  /** X-Twilio-Signature as it was sent. */
  signature: string;
}
