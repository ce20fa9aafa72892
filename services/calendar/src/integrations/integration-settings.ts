import { Inject, Injectable } from '@nestjs/common';
import { OAUTH_FAILED } from '@pp/contracts';
import { CONFIG, TokenCipher } from '@pp/platform';
import { CalendarConfig } from '../config';
import { IntegrationException } from './integration.exception';

/** The OAuth return's path under the gateway (public: the provider sends the browser there). */
export const CALENDAR_OAUTH_CALLBACK_PATH = '/api/v1/calendar/oauth/callback';

/** What connecting a provider needs from the configuration: the token key, the redirect URI, the page to return to. */
@Injectable()
export class IntegrationSettings {
  private readonly cipher: TokenCipher | null;

  constructor(@Inject(CONFIG) private readonly config: CalendarConfig) {
    this.cipher = config.CALENDAR_TOKEN_KEY ? new TokenCipher(config.CALENDAR_TOKEN_KEY) : null;
  }

  get redirectUri(): string {
    return `${this.config.PUBLIC_BASE_URL}${CALENDAR_OAUTH_CALLBACK_PATH}`;
  }

  /** Settings → Calendar, with `?error=oauth_failed` after a failed consent (docs/product/calendar.md#integrations). */
  settingsPage(failed: boolean): string {
    const url = new URL('/settings/calendar', this.config.PUBLIC_BASE_URL);
    if (failed) url.searchParams.set('error', OAUTH_FAILED);
    return url.toString();
  }

  /** The token cipher, or a 409 naming the key to set. */
  tokenCipher(): TokenCipher {
    if (!this.cipher)
      throw IntegrationException.notConfigured(
        'Calendar accounts cannot be connected: set CALENDAR_TOKEN_KEY (base64 of 32 random bytes) to encrypt their tokens',
      );
    return this.cipher;
  }
}
