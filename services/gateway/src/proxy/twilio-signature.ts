/** Twilio's webhooks on the gateway's public paths (docs/product/channels.md#webhooks). */
const TWILIO_WEBHOOK = /^\/api\/v1\/channels\/twilio\//;

export const isTwilioWebhook = (path: string): boolean => TWILIO_WEBHOOK.test(path);

export { TWILIO_WEBHOOK_MAX_BYTES, TwilioSignatureMessages, verifyTwilioSignature } from '@pp/platform';
