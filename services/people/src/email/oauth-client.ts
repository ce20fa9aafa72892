import { Injectable } from '@nestjs/common';
import { OAuthProviderSettings } from './oauth-providers';

/** A token endpoint's answer (RFC 6749, section 5.1). */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
  scope?: string;
}

/** A provider refused or could not be reached; `error` is the OAuth error code when it sent one. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  /** The grant is gone (revoked, expired, password changed): the account must be connected again. */
  get grantRevoked(): boolean {
    return this.error === 'invalid_grant';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * The OAuth 2.0 calls (authorization-code grant with PKCE, refresh, revocation, userinfo) over plain fetch
 * with client_secret_post (docs/decisions/0016-email-accounts.md says why no library).
 */
@Injectable()
export class OAuthClient {
  exchangeCode(settings: OAuthProviderSettings, code: string, codeVerifier: string, redirectUri: string) {
    return this.token(settings, {
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
    });
  }

  refresh(settings: OAuthProviderSettings, refreshToken: string) {
    return this.token(settings, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** RFC 7009; false when the provider has no revocation endpoint. */
  async revoke(settings: OAuthProviderSettings, token: string): Promise<boolean> {
    if (!settings.revokeUrl) return false;
    const response = await this.post(settings.revokeUrl, {
      token,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    if (!response.ok) throw await this.failure(response, 'revocation');
    return true;
  }

  /** The `email` claim of the provider's OpenID userinfo, or null when it has none. */
  async userinfoEmail(settings: OAuthProviderSettings, accessToken: string): Promise<string | null> {
    if (!settings.userinfoUrl) return null;
    const response = await fetch(settings.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw await this.failure(response, 'userinfo');
    const body = (await response.json()) as { email?: unknown };
    return typeof body.email === 'string' ? body.email : null;
  }

  private async token(settings: OAuthProviderSettings, grant: Record<string, string>): Promise<TokenSet> {
    const response = await this.post(settings.tokenUrl, {
      ...grant,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    if (!response.ok) throw await this.failure(response, 'token');
    const body = (await response.json()) as Partial<TokenSet>;
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new OAuthError('invalid_response', 'The token endpoint answered without an access token');
    return body as TokenSet;
  }

  private post(url: string, form: Record<string, string>) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  /** The provider's error code, never its body (which may echo a token) in the message. */
  private async failure(response: Response, call: string): Promise<OAuthError> {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    const error = typeof body.error === 'string' ? body.error : `http_${response.status}`;
    return new OAuthError(error, `The provider's ${call} endpoint answered ${response.status} (${error})`);
  }
}
