/**
 * E-mail accounts of a practice (docs/product/settings.md#email-accounts): the practice's own mailboxes the AI
 * sends from, connected through the provider's OAuth consent. Shared by the people service and the console.
 */
export const EMAIL_PROVIDERS = ['google', 'microsoft', 'generic'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The providers connected through OAuth; `generic` is a form the console does not build yet. */
export const OAUTH_EMAIL_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthEmailProvider = (typeof OAUTH_EMAIL_PROVIDERS)[number];

export function isOAuthEmailProvider(value: unknown): value is OAuthEmailProvider {
  return typeof value === 'string' && (OAUTH_EMAIL_PROVIDERS as readonly string[]).includes(value);
}

export const EMAIL_ACCOUNT_STATUSES = ['active', 'error', 'pending', 'disconnected'] as const;
export type EmailAccountStatus = (typeof EMAIL_ACCOUNT_STATUSES)[number];

/** `GET /api/v1/email/accounts?practice_id=` answers a list of these. */
export interface EmailAccount {
  email_account_id: string;
  /** = email_account_id, for react-admin. */
  id: string;
  practice_id: string;
  email_address: string;
  provider: EmailProvider;
  status: EmailAccountStatus;
  created_at: string;
  /** When the account last reached its mailbox (connected, token refreshed, sent); null before. */
  last_sync_timestamp: string | null;
}

/** `GET /api/v1/email/oauth/authorize/{provider}?practice_id=`: the browser navigates to it. */
export interface EmailAuthorization {
  authorization_url: string;
}

/** The status labels of docs/product/settings.md#email-accounts; anything else is 'Unknown'. */
export function emailAccountStatusLabel(status: string): string {
  switch (status) {
    case 'active':
      return 'Connected';
    case 'error':
      return 'Error';
    case 'pending':
      return 'Pending Setup';
    case 'disconnected':
      return 'Disconnected';
    default:
      return 'Unknown';
  }
}

/** Where the provider's consent returns the browser to; `?error=oauth_failed` when it failed. */
export const EMAIL_SETTINGS_PATH = '/settings/email';
/** The `error` query of a failed consent, on Settings → Email and Settings → Calendar alike. */
export const OAUTH_FAILED = 'oauth_failed';

export const EmailApiMessages = {
  accountNotFound: 'Email account not found',
  providerInvalid: 'Provider must be google or microsoft',
} as const;
