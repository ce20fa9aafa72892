import { Injectable, Logger } from '@nestjs/common';
import {
  assertPracticeAccess,
  clearedOAuthBrowserCookie,
  Identity,
  newState,
  oauthBrowserCookie,
  OAuthReturnQuery,
  stateHash,
  takeOAuthReturn,
} from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isUuid } from './integration-rows';
import { IntegrationSettings } from './integration-settings';
import { IntegrationException } from './integration.exception';
import { expiresAt } from './integrations.service';
import { CalendarProviders, isOAuthCalendarProvider, OAUTH_CALENDAR_PROVIDERS } from './providers';

/** How long a consent may take between the authorize call and the provider's return. */
const STATE_TTL_MS = 10 * 60_000;

interface PendingConsent {
  state_hash: string;
  practice_id: string;
  user_id: string;
  provider: string;
  expires_at: Date;
}

/**
 * Connecting a calendar provider: the authorization-code grant with a hashed single-use state
 * (docs/decisions/0021-calendar-integrations.md).
 */
@Injectable()
export class CalendarOAuthService {
  private readonly logger = new Logger(CalendarOAuthService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: IntegrationSettings,
    private readonly providers: CalendarProviders,
  ) {}

  /**
   * `GET calendar/oauth/authorize/{provider}?practice_id=`: a single-use state, then the consent URL, and the cookie
   * that ties the consent to this browser (`cookie`, for Set-Cookie).
   */
  async authorize(identity: Identity, provider: string, practiceId: string) {
    if (!isOAuthCalendarProvider(provider))
      throw IntegrationException.invalid(`provider must be one of ${OAUTH_CALENDAR_PROVIDERS.join(', ')}`);
    assertPracticeAccess(identity, practiceId);
    this.settings.tokenCipher();
    const [other]: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "calendar"."calendar_integrations"
       WHERE "practice_id" = $1 AND "status" = 'active' AND "provider" <> $2`,
      [practiceId, provider],
    );
    if (other) throw IntegrationException.oneActive();
    const state = newState();
    const url = this.providers.get(provider).authorizationUrl(state, this.settings.redirectUri);
    await this.dataSource.query(`DELETE FROM "calendar"."oauth_states" WHERE "expires_at" < now()`);
    await this.dataSource.query(
      `INSERT INTO "calendar"."oauth_states" ("state_hash", "practice_id", "user_id", "provider", "expires_at")
       VALUES ($1, $2, $3, $4, $5)`,
      [stateHash(state), practiceId, identity.userId, provider, new Date(Date.now() + STATE_TTL_MS)],
    );
    return {
      authorization_url: url,
      cookie: oauthBrowserCookie(state, this.settings.redirectUri, STATE_TTL_MS),
    };
  }

  /** The Set-Cookie value the callback answers with: the consent's cookie removed. */
  clearedCookie(): string {
    return clearedOAuthBrowserCookie(this.settings.redirectUri);
  }

  /**
   * The provider's return: the state is taken (once; an unknown, expired or replayed one fails), the code
   * exchanged and the integration stored with its tokens sealed. Answers where to send the browser: Settings →
   * Calendar, with `?error=oauth_failed` on any failure (denied consent included).
   */
  async callback(query: OAuthReturnQuery, cookieHeader: string | undefined): Promise<string> {
    try {
      await this.connect(query, cookieHeader);
      return this.settings.settingsPage(false);
    } catch (error) {
      this.logger.warn(`Calendar integration connection failed: ${(error as Error).message}`);
      return this.settings.settingsPage(true);
    }
  }

  private async connect(query: OAuthReturnQuery, cookieHeader: string | undefined) {
    const { pending, code } = await takeOAuthReturn<PendingConsent>(
      this.dataSource,
      '"calendar"."oauth_states"',
      query,
      cookieHeader,
    );
    if (!isOAuthCalendarProvider(pending.provider)) throw new Error('not an OAuth provider');
    const tokens = await this.providers.get(pending.provider).exchangeCode(code, this.settings.redirectUri);
    if (!tokens.tenantId) throw new Error('the provider named no account (locationId)');
    const cipher = this.settings.tokenCipher();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('calendar.integration:' || $1, 0))`,
        [pending.practice_id],
      );
      const [existing]: { calendar_integration_id: string; refresh_token_sealed: string | null }[] =
        await manager.query(
          `SELECT "calendar_integration_id", "refresh_token_sealed" FROM "calendar"."calendar_integrations"
           WHERE "practice_id" = $1 AND "provider" = $2 AND "provider_tenant_id" = $3`,
          [pending.practice_id, pending.provider, tokens.tenantId],
        );
      const [active]: { calendar_integration_id: string }[] = await manager.query(
        `SELECT "calendar_integration_id" FROM "calendar"."calendar_integrations"
         WHERE "practice_id" = $1 AND "status" = 'active'`,
        [pending.practice_id],
      );
      if (active && active.calendar_integration_id !== existing?.calendar_integration_id)
        throw new Error('the practice already has an active calendar integration');
      const id = existing?.calendar_integration_id ?? randomUUID();
      const access = cipher.seal(tokens.accessToken, id);
      const refresh = tokens.refreshToken ? cipher.seal(tokens.refreshToken, id) : null;
      const values = [
        id,
        pending.practice_id,
        pending.provider,
        tokens.tenantId,
        access,
        refresh,
        expiresAt(tokens.expiresIn),
        tokens.scope,
        isUuid(pending.user_id) ? pending.user_id : null,
      ];
      if (existing)
        await manager.query(
          `UPDATE "calendar"."calendar_integrations" SET "status" = 'active', "last_error" = NULL,
             "access_token_sealed" = $5, "refresh_token_sealed" = COALESCE($6, "refresh_token_sealed"),
             "access_token_expires_at" = $7, "scope" = $8, "connected_by" = $9, "updated_at" = now()
           WHERE "calendar_integration_id" = $1 AND "practice_id" = $2 AND "provider" = $3 AND "provider_tenant_id" = $4`,
          values,
        );
      else
        await manager.query(
          `INSERT INTO "calendar"."calendar_integrations" ("calendar_integration_id", "practice_id", "provider",
             "provider_tenant_id", "auth_method", "status", "access_token_sealed", "refresh_token_sealed",
             "access_token_expires_at", "scope", "connected_by")
           VALUES ($1, $2, $3, $4, 'oauth2', 'active', $5, $6, $7, $8, $9)`,
          values,
        );
    });
  }
}
