import { OAuthEmailProvider } from '@pp/contracts';
import { EmailConfig } from '../config';

/** One provider's OAuth client and endpoints (docs/decisions/0016-email-accounts.md). */
export interface OAuthProviderSettings {
  provider: OAuthEmailProvider;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl?: string;
  userinfoUrl?: string;
  scopes: string[];
  /** Parameters the provider needs for a refresh token and a fresh consent. */
  extraParams: Record<string, string>;
}

/** The environment variables a provider needs, for the 409 that says what to configure. */
export const PROVIDER_VARIABLES: Record<OAuthEmailProvider, [string, string]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
};

/** The provider's settings, or null while its client id or secret is not configured. */
export function providerSettings(
  config: EmailConfig,
  provider: OAuthEmailProvider,
): OAuthProviderSettings | null {
  if (provider === 'google') {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
    return {
      provider,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      authorizeUrl: config.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: config.GOOGLE_OAUTH_REVOKE_URL,
      userinfoUrl: config.GOOGLE_OAUTH_USERINFO_URL,
      // Gmail's SMTP and IMAP with XOAUTH2 need the full mail scope.
      scopes: ['openid', 'email', 'https://mail.google.com/'],
      // offline: a refresh token; consent: a refresh token again when an address is reconnected.
      extraParams: { access_type: 'offline', prompt: 'consent' },
    };
  }
  if (!config.MICROSOFT_CLIENT_ID || !config.MICROSOFT_CLIENT_SECRET) return null;
  return {
    provider,
    clientId: config.MICROSOFT_CLIENT_ID,
    clientSecret: config.MICROSOFT_CLIENT_SECRET,
    authorizeUrl: config.MICROSOFT_OAUTH_AUTHORIZE_URL,
    tokenUrl: config.MICROSOFT_OAUTH_TOKEN_URL,
    revokeUrl: config.MICROSOFT_OAUTH_REVOKE_URL,
    userinfoUrl: config.MICROSOFT_OAUTH_USERINFO_URL,
    scopes: [
      'openid',
      'email',
      'offline_access',
      'https://outlook.office.com/SMTP.Send',
      'https://outlook.office.com/IMAP.AccessAsUser.All',
    ],
    extraParams: { response_mode: 'query', prompt: 'select_account' },
  };
}

/** Where every provider returns the browser: the gateway's public callback path. */
export function redirectUri(publicBaseUrl: string): string {
  return new URL('/api/v1/email/oauth/callback', publicBaseUrl).toString();
}

/** The provider's consent page for an authorization-code grant with PKCE (S256). */
export function authorizationUrl(
  settings: OAuthProviderSettings,
  request: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(settings.authorizeUrl);
  const params: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: settings.scopes.join(' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...settings.extraParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The mailbox address from an id_token received straight from the token endpoint over TLS (OpenID Connect
 * Core, section 3.1.3.7, lets such a token go without a signature check). Microsoft names it `email` only when the
 * account has one; its `preferred_username` is the sign-in address.
 */
export function addressFromIdToken(idToken: string | undefined): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const address = [claims.email, claims.preferred_username].find(isAddress);
    return address ? address.toLowerCase() : null;
  } catch {
    return null;
  }
}

export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
