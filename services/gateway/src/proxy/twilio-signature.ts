import twilio from 'twilio';

/** Twilio's webhooks on the gateway's public paths (docs/product/channels.md#webhooks). */
const TWILIO_WEBHOOK = /^\/api\/v1\/channels\/twilio\//;

export const isTwilioWebhook = (path: string): boolean => TWILIO_WEBHOOK.test(path);

/** The largest webhook form the gateway reads to verify (Twilio's are a few hundred bytes; an SMS body ≤ 1600). */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;

export const TwilioSignatureMessages = {
  refused: 'Missing or invalid X-Twilio-Signature',
  tooLarge: 'A Twilio webhook is at most 64 KiB',
} as const;

/**
 * Whether a webhook really comes from Twilio: X-Twilio-Signature is Twilio's HMAC of the URL it posted to
 * (PUBLIC_BASE_URL plus the path and query as received) and the form's fields, keyed with the account's auth
 * token (twilio.validateRequest). No token configured, no signature, or a wrong one: false.
 */
export function verifyTwilioSignature(input: {
  authToken: string | undefined;
  publicBaseUrl: string;
  pathAndQuery: string;
  signature: string | string[] | undefined;
  form: string;
}): boolean {
  const { authToken, signature } = input;
  if (!authToken || typeof signature !== 'string' || !signature) return false;
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(input.form)) params[key] = value;
  return twilio.validateRequest(authToken, signature, `${input.publicBaseUrl}${input.pathAndQuery}`, params);
}
