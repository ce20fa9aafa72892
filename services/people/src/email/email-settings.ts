import { Inject, Injectable } from '@nestjs/common';
import { hkdfSync } from 'node:crypto';
import { OAUTH_FAILED, OAuthEmailProvider } from '@pp/contracts';
import { CONFIG, TokenCipher } from '@pp/platform';
import { PeopleConfig } from '../config';
import { EmailException } from './email.exception';
import { OAuthProviderSettings, PROVIDER_VARIABLES, providerSettings, redirectUri } from './oauth-providers';
import { unsubscribeToken } from './mail-headers';

/** What connecting an account needs from the configuration: the token key and each provider's client. */
@Injectable()
export class EmailSettings {
  private readonly cipher: TokenCipher | null;

  constructor(@Inject(CONFIG) private readonly config: PeopleConfig) {
    this.cipher = config.EMAIL_TOKEN_KEY ? new TokenCipher(config.EMAIL_TOKEN_KEY) : null;
  }

  get redirectUri(): string {
    return redirectUri(this.config.PUBLIC_BASE_URL);
  }

  /** The console page the consent returns to, with `?error=oauth_failed` on failure. */
  settingsPage(failed: boolean): string {
    const url = new URL('/settings/email', this.config.PUBLIC_BASE_URL);
    if (failed) url.searchParams.set('error', OAUTH_FAILED);
    return url.toString();
  }

  /** The RFC 8058 one-click address of a lead's e-mail (public: the mailbox provider POSTs to it). */
  unsubscribeUrl(practiceId: string, personId: string): string {
    const url = new URL('/api/v1/email/unsubscribe', this.config.PUBLIC_BASE_URL);
    url.searchParams.set('token', unsubscribeToken(this.unsubscribeSecret(), practiceId, personId));
    return url.toString();
  }

  /** The key of unsubscribe links: derived from the token key (HKDF), so no second secret to manage. */
  unsubscribeSecret(): Buffer {
    const key = Buffer.from(this.config.EMAIL_TOKEN_KEY ?? '', 'base64');
    if (key.length !== 32) throw EmailException.notConfigured('Unsubscribe links need EMAIL_TOKEN_KEY');
    return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'practicepilot email unsubscribe', 32));
  }

  /** The provider's settings, or a 409 naming the variables to set. */
  provider(provider: OAuthEmailProvider): OAuthProviderSettings {
    const settings = providerSettings(this.config, provider);
    if (!settings) {
      const [id, secret] = PROVIDER_VARIABLES[provider];
      throw EmailException.notConfigured(
        `Connecting ${provider === 'google' ? 'Google' : 'Microsoft'} accounts is not configured: set ${id} and ${secret}`,
      );
    }
    return settings;
  }

  /** The token cipher, or a 409 naming the key to set. */
  tokenCipher(): TokenCipher {
    if (!this.cipher)
      throw EmailException.notConfigured(
        'Email accounts cannot be connected: set EMAIL_TOKEN_KEY (base64 of 32 random bytes) to encrypt their tokens',
      );
    return this.cipher;
  }
}
