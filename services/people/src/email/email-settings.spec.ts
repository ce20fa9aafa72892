import { randomBytes } from 'node:crypto';
import { emailConfigSchema, PeopleConfig } from '../config';
import { EmailSettings } from './email-settings';

const settings = (env: Record<string, string>) =>
  new EmailSettings(emailConfigSchema.parse(env) as unknown as PeopleConfig);

describe('EmailSettings', () => {
  it('says which variables to set for a provider without a client', () => {
    expect(() => settings({}).provider('google')).toThrow(
      'Connecting Google accounts is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
    expect(() => settings({ MICROSOFT_CLIENT_ID: 'id' }).provider('microsoft')).toThrow(
      'set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET',
    );
  });

  it('refuses to connect without the token key, so no token is ever stored in clear', () => {
    expect(() => settings({}).tokenCipher()).toThrow('set EMAIL_TOKEN_KEY');
    expect(settings({ EMAIL_TOKEN_KEY: randomBytes(32).toString('base64') }).tokenCipher()).toBeDefined();
  });

  it('returns the browser to the e-mail settings page, with error=oauth_failed on failure', () => {
    const pages = settings({ PUBLIC_BASE_URL: 'https://app.example.com' });
    expect(pages.settingsPage(false)).toBe('https://app.example.com/settings/email');
    expect(pages.settingsPage(true)).toBe('https://app.example.com/settings/email?error=oauth_failed');
    expect(pages.redirectUri).toBe('https://app.example.com/api/v1/email/oauth/callback');
  });
});
