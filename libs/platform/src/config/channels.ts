import { z } from 'zod';
import { urlSetting } from './config';

/** An unset or empty variable is absent (npm start passes every channel variable through, set or not). */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/**
 * The real channels' settings (docs/decisions/0015-twilio-sms-channel.md), shared by the gateway (verifies
 * webhooks) and people (sends): with no TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN every message stays in the
 * sandbox; with the token alone, inbound webhooks are verified and processed while outbound stays in the sandbox.
 */
export const channelSettings = {
  TWILIO_ACCOUNT_SID: optional(
    z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)'),
  ),
  TWILIO_AUTH_TOKEN: optional(z.string().min(8)),
  /** Another root for Twilio's REST API (a loopback peer in tests); Twilio's own when unset. */
  TWILIO_API_BASE_URL: optional(urlSetting(['http:', 'https:'], 'https://api.twilio.com')),
  /** Where Twilio reaches the gateway: webhook signatures are computed on this root plus the path. */
  PUBLIC_BASE_URL: urlSetting(['http:', 'https:'], 'http://localhost:8080').transform((value) =>
    value.replace(/\/+$/, ''),
  ),
};
