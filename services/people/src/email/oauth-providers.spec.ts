import { EmailConfig, emailConfigSchema } from '../config';
import { addressFromIdToken, authorizationUrl, providerSettings, redirectUri } from './oauth-providers';

function config(env: Record<string, string>): EmailConfig {
  return emailConfigSchema.parse(env);
}

const jwt = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

describe('providerSettings', () => {
  it('is null while the client id or secret is missing', () => {
    expect(providerSettings(config({}), 'google')).toBeNull();
    expect(providerSettings(config({ MICROSOFT_CLIENT_ID: 'id' }), 'microsoft')).toBeNull();
  });

  it('uses the real Google endpoints by default', () => {
    const google = providerSettings(config({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }), 'google');
    expect(google).toMatchObject({
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
    });
  });

  it('has no revocation endpoint for Microsoft unless one is configured', () => {
    const env = { MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 's' };
    expect(providerSettings(config(env), 'microsoft')?.revokeUrl).toBeUndefined();
    expect(
      providerSettings(
        config({ ...env, MICROSOFT_OAUTH_REVOKE_URL: 'http://127.0.0.1:9/revoke' }),
        'microsoft',
      )?.revokeUrl,
    ).toBe('http://127.0.0.1:9/revoke');
  });
});

describe('authorizationUrl', () => {
  it('asks for a code with the S256 challenge, the state and offline access', () => {
    const google = providerSettings(config({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }), 'google')!;
    const url = new URL(
      authorizationUrl(google, {
        redirectUri: redirectUri('https://app.example.com'),
        state: 'st',
        codeChallenge: 'ch',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'id',
      redirect_uri: 'https://app.example.com/api/v1/email/oauth/callback',
      response_type: 'code',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(url.searchParams.get('scope')).toContain('https://mail.google.com/');
  });
});

describe('addressFromIdToken', () => {
  it('reads email, else preferred_username, lower-cased', () => {
    expect(addressFromIdToken(jwt({ email: 'Front.Desk@Glow.example' }))).toBe('front.desk@glow.example');
    expect(addressFromIdToken(jwt({ preferred_username: 'office@lake.example' }))).toBe(
      'office@lake.example',
    );
  });

  it('is null without a token or an address in it', () => {
    expect(addressFromIdToken(undefined)).toBeNull();
    expect(addressFromIdToken('not-a-jwt')).toBeNull();
    expect(addressFromIdToken(jwt({ sub: '123' }))).toBeNull();
  });
});
