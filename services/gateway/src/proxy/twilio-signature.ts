/** Twilio's webhooks on the gateway's public paths (docs/product/channels.md#webhooks). */
const TWILIO_WEBHOOK = /^\/api\/v1\/channels\/twilio\//;

export const isTwilioWebhook = (path: string): boolean => TWILIO_WEBHOOK.test(path);

/** The largest webhook form the gateway reads to verify (Twilio's are a few hundred bytes; an SMS body ≤ 1600). */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;

export { TwilioSignatureMessages, verifyTwilioSignature } from '@pp/platform';
