import { Injectable, Logger } from '@nestjs/common';
import { EmailAuthorization, isOAuthEmailProvider } from '@pp/contracts';
import {
  assertPracticeAccess,
  clearedOAuthBrowserCookie,
  Identity,
  newCodeVerifier,
  oauthBrowserCookie,
  newState,
  OAuthReturnQuery,
  s256Challenge,
  stateHash,
  takeOAuthReturn,
} from '@pp/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EmailAccountRow, EmailOAuthStateRow } from './email-account.entity';
import { expiresAt } from './email-accounts.service';
import { EmailException } from './email.exception';
import { EmailSettings } from './email-settings';
import { OAuthClient, TokenSet } from './oauth-client';
import { addressFromIdToken, authorizationUrl, isAddress, OAuthProviderSettings } from './oauth-providers';

/** How long a consent may take between the authorize call and the provider's return. */
const STATE_TTL_MS = 10 * 60_000;

/** Connecting a mailbox: the authorization-code grant with PKCE (docs/decisions/0016-email-accounts.md). */
@Injectable()
export class EmailOAuthService {
  private readonly logger = new Logger(EmailOAuthService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: EmailSettings,
    private readonly oauth: OAuthClient,
  ) {}

  /**
   * `GET email/oauth/authorize/{provider}?practice_id=`: a single-use state and verifier, then the consent URL, and
   * the cookie that ties the consent to this browser (`cookie`, for Set-Cookie).
   */
  async authorize(
    identity: Identity,
    provider: string,
    practiceId: string,
  ): Promise<EmailAuthorization & { cookie: string }> {
    if (!isOAuthEmailProvider(provider)) throw EmailException.providerInvalid();
    assertPracticeAccess(identity, practiceId);
    const settings = this.settings.provider(provider);
    const cipher = this.settings.tokenCipher();
    const state = newState();
    const verifier = newCodeVerifier();
    const hash = stateHash(state);
    const manager = this.dataSource.manager;
    await manager.query(`DELETE FROM "people"."email_oauth_states" WHERE "expires_at" < now()`);
    await manager.insert(EmailOAuthStateRow, {
      state_hash: hash,
      practice_id: practiceId,
      user_id: identity.userId,
      provider,
      code_verifier_sealed: cipher.seal(verifier, hash),
      expires_at: new Date(Date.now() + STATE_TTL_MS),
    });
    return {
      authorization_url: authorizationUrl(settings, {
        redirectUri: this.settings.redirectUri,
        state,
        codeChallenge: s256Challenge(verifier),
      }),
      cookie: oauthBrowserCookie(state, this.settings.redirectUri, STATE_TTL_MS),
    };
  }

  /** The Set-Cookie value the callback answers with: the consent's cookie removed. */
  clearedCookie(): string {
    return clearedOAuthBrowserCookie(this.settings.redirectUri);
  }

  /**
   * The provider's return: the state is taken (once; an unknown, expired or replayed one fails), the code
   * exchanged with the verifier, the address read and the account stored. Answers where to send the browser:
   * the e-mail settings page, with `?error=oauth_failed` on any failure (denied consent included).
   */
  async callback(query: OAuthReturnQuery, cookieHeader: string | undefined): Promise<string> {
    try {
      await this.connect(query, cookieHeader);
      return this.settings.settingsPage(false);
    } catch (error) {
      this.logger.warn(`Email account connection failed: ${(error as Error).message}`);
      return this.settings.settingsPage(true);
    }
  }

  private async connect(query: OAuthReturnQuery, cookieHeader: string | undefined) {
    const { pending, code } = await takeOAuthReturn<EmailOAuthStateRow>(
      this.dataSource,
      '"people"."email_oauth_states"',
      query,
      cookieHeader,
    );
    if (!isOAuthEmailProvider(pending.provider)) throw new Error('not an OAuth provider');
    const settings = this.settings.provider(pending.provider);
    const verifier = this.settings.tokenCipher().open(pending.code_verifier_sealed, pending.state_hash);
    const tokens = await this.oauth.exchangeCode(settings, code, verifier, this.settings.redirectUri);
    const address = await this.address(settings, tokens);
    await this.store(pending, address, tokens);
  }

  private async address(settings: OAuthProviderSettings, tokens: TokenSet): Promise<string> {
    const address =
      addressFromIdToken(tokens.id_token) ?? (await this.oauth.userinfoEmail(settings, tokens.access_token));
    if (!isAddress(address)) throw new Error('the provider named no e-mail address');
    return address.toLowerCase();
  }

  /** Creates the account, or renews the tokens of the practice's account with that address. */
  private async store(pending: EmailOAuthStateRow, address: string, tokens: TokenSet) {
    const cipher = this.settings.tokenCipher();
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `SELECT pg_advisory_xact_lock(hashtextextended('people.email-account:' || $1, 0))`,
        [`${pending.practice_id}:${address}`],
      );
      const existing = await manager
        .createQueryBuilder(EmailAccountRow, 'account')
        .where('account.practice_id = :practiceId AND lower(account.email_address) = :address', {
          practiceId: pending.practice_id,
          address,
        })
        .getOne();
      const id = existing?.email_account_id ?? randomUUID();
      const refresh = tokens.refresh_token
        ? cipher.seal(tokens.refresh_token, id)
        : existing?.refresh_token_sealed;
      await manager.save(EmailAccountRow, {
        ...existing,
        email_account_id: id,
        practice_id: pending.practice_id,
        email_address: address,
        provider: pending.provider,
        status: 'active',
        access_token_sealed: cipher.seal(tokens.access_token, id),
        refresh_token_sealed: refresh ?? null,
        access_token_expires_at: expiresAt(tokens.expires_in, now),
        scope: tokens.scope ?? null,
        connected_by: pending.user_id,
        created_at: existing?.created_at ?? now,
        last_sync_timestamp: now,
      });
    });
  }
}
