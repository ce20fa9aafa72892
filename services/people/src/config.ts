import { baseConfigSchema, channelSettings, ServiceConfig, urlSetting } from '@pp/platform';
import { z } from 'zod';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().url('must be a URL').optional(),
);

/** E-mail accounts: the token key and the OAuth clients (docs/decisions/0016-email-accounts.md). */
export const emailConfigSchema = z.object({
  /** Where browsers reach the product (the gateway): the OAuth redirect URI and the return to the console. */
  PUBLIC_BASE_URL: channelSettings.PUBLIC_BASE_URL,
  /**
   * AES-256-GCM key (base64 of 32 bytes) that encrypts e-mail accounts' OAuth tokens at rest. Unset: no
   * account can be connected (the authorize call says so). `npm start` generates a local one.
   */
  EMAIL_TOKEN_KEY: optionalText.refine(
    (value) => value === undefined || Buffer.from(value, 'base64').length === 32,
    'EMAIL_TOKEN_KEY must be base64 of 32 random bytes',
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  // The providers' endpoints: the real ones by default; tests point them at a loopback peer.
  GOOGLE_OAUTH_AUTHORIZE_URL: urlSetting(['http:', 'https:'], 'https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: urlSetting(['http:', 'https:'], 'https://oauth2.googleapis.com/token'),
  GOOGLE_OAUTH_REVOKE_URL: optionalUrl.default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_OAUTH_USERINFO_URL: optionalUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  MICROSOFT_OAUTH_AUTHORIZE_URL: urlSetting(
    ['http:', 'https:'],
    'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  ),
  MICROSOFT_OAUTH_TOKEN_URL: urlSetting(
    ['http:', 'https:'],
    'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  ),
  /** Microsoft's identity platform has no token revocation endpoint: unset, a deleted account's tokens are only erased. */
  MICROSOFT_OAUTH_REVOKE_URL: optionalUrl,
  /** Microsoft's address comes from the id_token (its access token is for Outlook, not for Graph's userinfo). */
  MICROSOFT_OAUTH_USERINFO_URL: optionalUrl,
  // Where each provider's mailbox takes mail (SMTP with XOAUTH2): smtps:// is TLS from the start, smtp:// must
  // upgrade with STARTTLS unless the host is loopback (the tests' server).
  GOOGLE_SMTP_URL: urlSetting(['smtp:', 'smtps:'], 'smtps://smtp.gmail.com:465'),
  MICROSOFT_SMTP_URL: urlSetting(['smtp:', 'smtps:'], 'smtp://smtp.office365.com:587'),
  // Where replies are read (IMAP with XOAUTH2, docs/decisions/0018-email-replies.md): imaps:// is TLS from the
  // start, imap:// must upgrade with STARTTLS unless the host is loopback (the tests' dovecot).
  GOOGLE_IMAP_URL: urlSetting(['imap:', 'imaps:'], 'imaps://imap.gmail.com:993'),
  MICROSOFT_IMAP_URL: urlSetting(['imap:', 'imaps:'], 'imaps://outlook.office365.com:993'),
  /** How often a worker reads each connected mailbox for replies; 0 turns the reading off. */
  EMAIL_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export type EmailConfig = z.infer<typeof emailConfigSchema>;

export const peopleConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** How many website forms a worker process takes in at once (the `intake` queue's concurrency). */
  INTAKE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How many `outreach` jobs (analyses, actions, sends) a worker process runs at once. */
  OUTREACH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  // Twilio SMS (docs/decisions/0015-twilio-sms-channel.md): with account and token, SMS go out through Twilio.
  ...channelSettings,
  ...emailConfigSchema.shape,
});

export type PeopleConfig = z.infer<typeof peopleConfigSchema> & ServiceConfig;

/** Twilio's REST API is used only with both the account SID and the auth token. */
export function twilioAccount(config: PeopleConfig): { sid: string; token: string; baseUrl?: string } | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  return {
    sid: config.TWILIO_ACCOUNT_SID,
    token: config.TWILIO_AUTH_TOKEN,
    baseUrl: config.TWILIO_API_BASE_URL,
  };
}
