import { Injectable, Logger } from '@nestjs/common';
import { EmailAccount, isOAuthEmailProvider } from '@pp/contracts';
import { assertPracticeAccess, canAccessPractice, Identity } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { EmailAccountRow } from './email-account.entity';
import { toEmailAccount } from './email-account-view';
import { EmailException, EmailExceptionCode } from './email.exception';
import { EmailSettings } from './email-settings';
import { OAuthClient, OAuthError } from './oauth-client';

/** An access token is renewed when it has less than this left, so a send never starts with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

/** A usable credential for the account's mailbox (SMTP/IMAP XOAUTH2). */
export interface MailboxCredential {
  email_address: string;
  access_token: string;
}

/** The practice's e-mail accounts (docs/product/settings.md#email-accounts). */
@Injectable()
export class EmailAccountsService {
  private readonly logger = new Logger(EmailAccountsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: EmailSettings,
    private readonly oauth: OAuthClient,
  ) {}

  /** `GET email/accounts?practice_id=`: oldest first. */
  async list(identity: Identity, practiceId: string): Promise<EmailAccount[]> {
    assertPracticeAccess(identity, practiceId);
    const rows = await this.dataSource.manager.find(EmailAccountRow, {
      where: { practice_id: practiceId },
      order: { created_at: 'ASC', email_address: 'ASC' },
    });
    return rows.map(toEmailAccount);
  }

  /**
   * `DELETE email/accounts/{id}`: the grant is revoked at the provider (when it has a revocation endpoint), then
   * the account and its tokens are gone. A provider that cannot be reached does not keep the account: the staff
   * asked for it to go, and the grant is also revocable from the mailbox's own security page.
   */
  async remove(identity: Identity, accountId: string): Promise<EmailAccount> {
    const row = await this.owned(identity, accountId);
    await this.revoke(row);
    await this.dataSource.manager.delete(EmailAccountRow, { email_account_id: row.email_account_id });
    return toEmailAccount(row);
  }

  /**
   * A valid access token for the account, refreshed (and stored again, sealed) when it has expired or is about to.
   * A refused refresh marks the account `error` (shown 'Error') and asks for a new connection. `renew` refreshes
   * even a token that has time left: the mailbox refused it (the grant may have been revoked at the provider).
   */
  async credential(accountId: string, now = new Date(), renew = false): Promise<MailboxCredential> {
    try {
      return await this.renewedCredential(accountId, now, renew);
    } catch (error) {
      // Outside the refresh's transaction, which the refusal rolled back.
      if (error instanceof EmailException && error.code === EmailExceptionCode.ReconnectNeeded)
        await this.dataSource.manager.update(
          EmailAccountRow,
          { email_account_id: accountId },
          { status: 'error' },
        );
      throw error;
    }
  }

  private async renewedCredential(accountId: string, now: Date, renew: boolean): Promise<MailboxCredential> {
    return this.dataSource.transaction(async (manager) => {
      // One refresh at a time per account: a second sender waits and then uses the renewed token.
      const row = await manager.findOne(EmailAccountRow, {
        where: { email_account_id: accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw EmailException.accountNotFound();
      const cipher = this.settings.tokenCipher();
      const id = row.email_account_id;
      if (row.status === 'active' && row.access_token_sealed && !renew && !this.expiring(row, now))
        return { email_address: row.email_address, access_token: cipher.open(row.access_token_sealed, id) };
      if (!row.refresh_token_sealed || !isOAuthEmailProvider(row.provider))
        throw EmailException.reconnectNeeded(row.email_address);
      const provider = this.settings.provider(row.provider);
      try {
        const tokens = await this.oauth.refresh(provider, cipher.open(row.refresh_token_sealed, id));
        await this.storeTokens(manager, row, tokens, now);
        return { email_address: row.email_address, access_token: tokens.access_token };
      } catch (error) {
        if (error instanceof OAuthError && error.grantRevoked) {
          this.logger.warn(`Email account ${id}: the provider refused the refresh token; marked error`);
          throw EmailException.reconnectNeeded(row.email_address);
        }
        this.logger.warn(`Email account ${id}: refresh failed (${(error as Error).message})`);
        throw EmailException.providerUnavailable();
      }
    });
  }

  private expiring(row: EmailAccountRow, now: Date): boolean {
    return (
      !row.access_token_expires_at || row.access_token_expires_at.getTime() - now.getTime() < EXPIRY_MARGIN_MS
    );
  }

  private async storeTokens(
    manager: EntityManager,
    row: EmailAccountRow,
    tokens: { access_token: string; refresh_token?: string; expires_in?: number },
    now: Date,
  ) {
    const cipher = this.settings.tokenCipher();
    const id = row.email_account_id;
    await manager.update(
      EmailAccountRow,
      { email_account_id: id },
      {
        access_token_sealed: cipher.seal(tokens.access_token, id),
        // A provider that rotates refresh tokens sends a new one; otherwise the old one stays valid.
        ...(tokens.refresh_token ? { refresh_token_sealed: cipher.seal(tokens.refresh_token, id) } : {}),
        access_token_expires_at: expiresAt(tokens.expires_in, now),
        status: 'active',
        last_sync_timestamp: now,
      },
    );
  }

  private async owned(identity: Identity, accountId: string): Promise<EmailAccountRow> {
    const row = await this.dataSource.manager.findOne(EmailAccountRow, {
      where: { email_account_id: accountId },
    });
    if (!row || !canAccessPractice(identity, row.practice_id)) throw EmailException.accountNotFound();
    return row;
  }

  /** Revokes the refresh token (Google then drops the whole grant), else the access token; best effort. */
  private async revoke(row: EmailAccountRow) {
    const sealed = row.refresh_token_sealed ?? row.access_token_sealed;
    if (!sealed || !isOAuthEmailProvider(row.provider)) return;
    try {
      const token = this.settings.tokenCipher().open(sealed, row.email_account_id);
      await this.oauth.revoke(this.settings.provider(row.provider), token);
    } catch (error) {
      this.logger.warn(
        `Email account ${row.email_account_id}: revocation failed (${(error as Error).message}); deleted anyway`,
      );
    }
  }
}

/** When an access token expires; a provider that does not say is assumed to give an hour. */
export function expiresAt(expiresIn: number | undefined, now: Date): Date {
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600;
  return new Date(now.getTime() + seconds * 1000);
}
