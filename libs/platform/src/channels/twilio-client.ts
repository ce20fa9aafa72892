import twilio from 'twilio';
import type IRequestClient from 'twilio/lib/base/RequestClient';

/**
 * A twilio-node RequestClient that sends every request to another root, for TWILIO_API_BASE_URL (a loopback
 * peer in tests): twilio-node has no base-URL option, but takes a custom httpClient.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super();
  }

  override request<TData>(opts: IRequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    uri.protocol = this.base.protocol;
    uri.host = this.base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/** Twilio's REST client for an account, on TWILIO_API_BASE_URL when one is set. */
export function twilioClient(account: {
  accountSid: string;
  authToken: string;
  baseUrl?: string;
}): twilio.Twilio {
  return twilio(account.accountSid, account.authToken, {
    httpClient: account.baseUrl ? new RebasedRequestClient(new URL(account.baseUrl)) : undefined,
  });
}

/**
 * Whether a webhook really comes from Twilio: X-Twilio-Signature is Twilio's HMAC of the URL it posted to
 * (PUBLIC_BASE_URL plus the path and query as received; the service that acts on a webhook checks it) and the form's fields, keyed with the account's auth
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
  for (const [key, value] of new URLSearchParams(input.form)) {
    // Twilio never repeats a field: a repeated one could be read one way here and another by the parser.
    if (Object.hasOwn(params, key)) return false;
    params[key] = value;
  }
  return twilio.validateRequest(authToken, signature, `${input.publicBaseUrl}${input.pathAndQuery}`, params);
}

/**
 * The largest webhook form read to verify (Twilio's are a few hundred bytes; an SMS body ≤ 1600): the gateway's
 * cap on the request, and people's on a webhook the gateway kept in Kafka.
 */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;

/** What a refused Twilio webhook is told (the gateway and the service that acts on it refuse alike). */
export const TwilioSignatureMessages = {
  refused: 'Missing or invalid X-Twilio-Signature',
  tooLarge: 'A Twilio webhook is at most 64 KiB',
} as const;

/**
 * The empty TwiML answer to an SMS or status webhook: nothing more for Twilio to do. people answers it, and so does
 * the gateway for a webhook it kept in Kafka while people could not take it.
 */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
