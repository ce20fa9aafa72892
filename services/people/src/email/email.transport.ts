import { Injectable } from '@nestjs/common';
import { isOAuthEmailProvider } from '@pp/contracts';
import { DataSource } from 'typeorm';
import {
  ChannelTransport,
  OutgoingMessage,
  SendBatchScope,
  TransportReceipt,
} from '../outreach/transports/channel-transport';
import { earlierEmailMessageIds } from '../outreach/send-ledger';
import { SandboxTransport } from '../outreach/transports/sandbox.transport';
import { EmailAccountRow } from './email-account.entity';
import { EmailAccountsService } from './email-accounts.service';
import { EmailSettings } from './email-settings';
import { listUnsubscribeHeaders, messageIdFor, threadHeaders } from './mail-headers';
import { MailboxSender } from './mailbox-sender';

/**
 * The e-mail channel: a practice with a connected ('Connected') mailbox sends through it, the oldest one
 * first; a practice without one stays in the sandbox (docs/decisions/0016-email-accounts.md). Every message
 * carries a Message-ID derived from its idempotency key, threads onto the lead's earlier e-mail, and offers
 * RFC 8058 one-click unsubscription. Throws only before anything was handed to the server (no account token,
 * server refused), so the send ledger may retry.
 */
@Injectable()
export class EmailTransport implements ChannelTransport {
  readonly channel = 'email' as const;
  private readonly sandbox = new SandboxTransport('email');

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: EmailAccountsService,
    private readonly mailbox: MailboxSender,
    private readonly settings: EmailSettings,
  ) {}

  async send(message: OutgoingMessage, batch?: SendBatchScope): Promise<TransportReceipt> {
    // A batch's e-mails read the practice's mailbox once (the batch is sent within a second or so).
    const account = batch
      ? await batch.once(`email-account ${message.practice_id}`, () =>
          this.sendingAccount(message.practice_id),
        )
      : await this.sendingAccount(message.practice_id);
    if (!account || !isOAuthEmailProvider(account.provider)) return this.sandbox.send(message);
    const credential = await this.accounts.credential(account.email_account_id);
    const messageId = messageIdFor(message.idempotency_key, credential.email_address);
    await this.mailbox.send({
      provider: account.provider,
      from: credential.email_address,
      accessToken: credential.access_token,
      to: message.to,
      subject: message.subject ?? '',
      text: message.body,
      messageId,
      ...threadHeaders(await earlierEmailMessageIds(this.dataSource, message)),
      headers: listUnsubscribeHeaders(this.settings.unsubscribeUrl(message.practice_id, message.person_id)),
    });
    return { provider_id: messageId, mock_execution: false };
  }

  /** Whether the practice's e-mail goes to the sandbox (no connected mailbox to send from). */
  async sandboxed(practiceId: string): Promise<boolean> {
    const account = await this.sendingAccount(practiceId);
    return !account || !isOAuthEmailProvider(account.provider);
  }

  /** The practice's oldest connected mailbox (read for each e-mail or batch sent: one plain statement, no entity). */
  private async sendingAccount(
    practiceId: string,
  ): Promise<Pick<EmailAccountRow, 'email_account_id' | 'provider'> | null> {
    const [account]: Pick<EmailAccountRow, 'email_account_id' | 'provider'>[] = await this.dataSource.query(
      `SELECT "email_account_id", "provider" FROM "people"."email_accounts"
       WHERE "practice_id" = $1 AND "status" = 'active' ORDER BY "created_at" ASC LIMIT 1`,
      [practiceId],
    );
    return account ?? null;
  }
}
