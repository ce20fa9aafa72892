import { Injectable, Logger } from '@nestjs/common';
import { isOAuthEmailProvider, OAuthEmailProvider } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { EngineTrigger } from '../engine/engine-trigger';
import { Person } from '../persons/person.entity';
import { leadOfSentEmail } from '../outreach/send-ledger';
import { LeadActivity } from '../timeline/lead-activity';
import { EmailAccountRow } from './email-account.entity';
import { EmailAccountsService } from './email-accounts.service';
import { stopEmail } from './email-opt-out';
import { parseInboundEmail } from './inbound-email';
import { FetchedMessage, MailboxCursor, MailboxReader } from './mailbox-reader';
import { InboundEmail, isEmailOptOut } from './reply-parsing';

/** What one read of a mailbox did. */
export interface MailboxSyncResult {
  /** Messages read from the INBOX. */
  read: number;
  /** Replies appended to a lead's timeline as `email_received`. */
  recorded: number;
  /** Of those, handed to the engine. */
  analysed: number;
}

/** How long a worker holds a mailbox for one read at most (a read is seconds; a dead worker's lease runs out). */
const READ_LEASE_MINUTES = 5;

/** Servers keep receipt times to the second and clocks differ: a fresh start looks this far back. */
const START_MARGIN_MS = 10 * 60_000;

/**
 * Where reading starts without a usable UID cursor: from the connection on the first read (earlier mail is not
 * a reply to us), from the last read after a UIDVALIDITY change (re-read messages are recorded once).
 */
function cursorStart(account: EmailAccountRow): Date {
  const from =
    account.imap_uid_validity === null
      ? account.created_at
      : (account.last_sync_timestamp ?? account.created_at);
  return new Date(from.getTime() - START_MARGIN_MS);
}

/** The unique key of a received e-mail in `inbound_messages`: once per practice and Message-ID. */
export const inboundKey = (practiceId: string, messageId: string) => `email:${practiceId}:${messageId}`;

/**
 * Replies from the practice's mailboxes (docs/decisions/0018-email-replies.md): each connected account's INBOX is
 * read over IMAP from where it was left; a message from a lead — in a thread the product started (In-Reply-To or
 * References naming a Message-ID it sent) or from a lead's address in that practice — is appended once per
 * Message-ID as `email_received` and, unless a machine wrote it or the lead asked to stop, handed to the engine.
 * Mail from anybody else (newsletters, colleagues, unknown senders) is left alone: it never becomes a lead.
 */
@Injectable()
export class EmailRepliesService {
  private readonly logger = new Logger(EmailRepliesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: EmailAccountsService,
    private readonly reader: MailboxReader,
    private readonly activity: LeadActivity,
    private readonly engine: EngineTrigger,
  ) {}

  /** Reads every connected mailbox once; a failing one is logged and does not stop the others. */
  async syncAll(): Promise<void> {
    const accounts = await this.dataSource.manager.find(EmailAccountRow, {
      where: { status: 'active' },
      order: { last_sync_timestamp: { direction: 'ASC', nulls: 'FIRST' } },
    });
    for (const account of accounts) {
      try {
        await this.sync(account.email_account_id);
      } catch (error) {
        this.logger.warn(
          `Email account ${account.email_account_id}: reading replies failed (${(error as Error).message})`,
        );
      }
    }
  }

  /**
   * Reads one mailbox's new messages (batch after batch) and records the replies; the account's cursor and
   * last sync time move on after each batch. Throws when the mailbox cannot be reached or refuses the token.
   */
  async sync(accountId: string): Promise<MailboxSyncResult> {
    const result: MailboxSyncResult = { read: 0, recorded: 0, analysed: 0 };
    // One reader per mailbox: another worker holding the lease is reading it now (a dead one's lease runs out).
    // TypeORM answers an UPDATE … RETURNING on PostgreSQL as [rows, count].
    const [leased]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "people"."email_accounts" SET "imap_reading_until" = now() + interval '${READ_LEASE_MINUTES} minutes'
       WHERE "email_account_id" = $1 AND ("imap_reading_until" IS NULL OR "imap_reading_until" < now())
       RETURNING "email_account_id"`,
      [accountId],
    );
    if (leased.length === 0) return result;
    try {
      return await this.readBatches(accountId, result);
    } finally {
      await this.dataSource.query(
        `UPDATE "people"."email_accounts" SET "imap_reading_until" = NULL WHERE "email_account_id" = $1`,
        [accountId],
      );
    }
  }

  private async readBatches(accountId: string, result: MailboxSyncResult): Promise<MailboxSyncResult> {
    for (let batch = 0; batch < 20; batch++) {
      const account = await this.dataSource.manager.findOneBy(EmailAccountRow, {
        email_account_id: accountId,
      });
      const provider = account?.provider;
      if (!account || account.status !== 'active' || !isOAuthEmailProvider(provider)) return result;
      const read = await this.readMailbox(account, provider, {
        uidValidity: account.imap_uid_validity,
        lastUid: account.imap_last_uid === null ? null : Number(account.imap_last_uid),
        since: cursorStart(account),
      });
      for (const message of read.messages) {
        result.read++;
        const outcome = await this.receive(account, message);
        if (outcome !== 'ignored') result.recorded++;
        if (outcome === 'analysed') result.analysed++;
      }
      await this.dataSource.query(
        `UPDATE "people"."email_accounts"
           SET "imap_uid_validity" = $2, "imap_last_uid" = $3, "last_sync_timestamp" = now()
         WHERE "email_account_id" = $1`,
        [accountId, read.uidValidity, read.lastUid],
      );
      if (!read.more) break;
    }
    return result;
  }

  /**
   * One read with a token that has at least a minute left (refreshed first when expired). A login the server
   * refuses is tried once more with a token refreshed on the spot; when the provider refuses that refresh too
   * (the grant was revoked), the account is marked Error by `credential` and must be connected again.
   */
  private async readMailbox(account: EmailAccountRow, provider: OAuthEmailProvider, cursor: MailboxCursor) {
    const attempt = async (renew: boolean) => {
      const credential = await this.accounts.credential(account.email_account_id, new Date(), renew);
      return this.reader.read(
        { provider, address: credential.email_address, accessToken: credential.access_token },
        cursor,
      );
    };
    try {
      return await attempt(false);
    } catch (error) {
      if (!(error as { authenticationFailed?: boolean }).authenticationFailed) throw error;
      return attempt(true);
    }
  }

  /** One message of the mailbox: recorded on its lead (once), then to the engine; or ignored. */
  private async receive(
    account: EmailAccountRow,
    message: FetchedMessage,
  ): Promise<'ignored' | 'recorded' | 'analysed'> {
    let mail: InboundEmail;
    try {
      mail = await parseInboundEmail(message.source);
    } catch {
      return 'ignored'; // not a message mailparser can read: nobody can act on it
    }
    // The mailbox's own messages (a copy of what it sent, a note to self) are not replies.
    if (!mail.messageId || !mail.from || mail.from === account.email_address.toLowerCase()) return 'ignored';
    const practiceId = account.practice_id;
    const now = new Date();
    const receivedAt = message.receivedAt && message.receivedAt < now ? message.receivedAt : now;
    return this.dataSource.transaction(async (manager) => {
      const lead = await this.leadOf(manager, practiceId, mail);
      if (!lead) return 'ignored';
      const key = inboundKey(practiceId, mail.messageId!);
      const claimed: unknown[] = await manager.query(
        `INSERT INTO "people"."inbound_messages" ("provider_id", "practice_id", "person_id")
         VALUES ($1, $2, $3) ON CONFLICT ("provider_id") DO NOTHING RETURNING "provider_id"`,
        [key, practiceId, lead.person_id],
      );
      if (claimed.length === 0) return 'ignored'; // read before (another mailbox of the practice, a re-read)
      const optOut = !mail.autoReply && isEmailOptOut(mail);
      const event = await this.activity.append(
        manager,
        lead,
        {
          event_type: 'email_received',
          timestamp: receivedAt,
          content_data: {
            channel: 'email',
            subject: mail.subject,
            message: mail.text,
            from_email: mail.from,
            to_email: account.email_address,
            status: mail.autoReply ? 'auto_reply' : 'received',
          },
          event_metadata: {
            source: 'imap',
            message_id: mail.messageId,
            email_account_id: account.email_account_id,
            ...(mail.threadIds.length > 0 ? { in_reply_to: mail.threadIds[0] } : {}),
            ...(mail.autoReply ? { auto_reply: true } : {}),
          },
        },
        // An out-of-office is shown, but does not ask for the staff's attention.
        { markUnseen: !mail.autoReply },
      );
      await manager.query(`UPDATE "people"."inbound_messages" SET "event_id" = $2 WHERE "provider_id" = $1`, [
        key,
        event.event_id,
      ]);
      if (mail.autoReply) return 'recorded';
      if (optOut) {
        await stopEmail(manager, this.activity, lead, 'email_reply', {
          source: 'imap',
          message_id: mail.messageId,
        });
        return 'recorded';
      }
      await this.engine.inquiryReceived(manager, {
        practice_id: practiceId,
        person_id: lead.person_id,
        event_id: event.event_id,
        channel: 'email',
        received_at: receivedAt,
      });
      return 'analysed';
    });
  }

  /**
   * The lead a message is from, locked: the lead of the thread when it answers an e-mail the product sent (or a
   * reply already recorded), else the practice's lead with the sender's address; null when neither.
   */
  private async leadOf(
    manager: EntityManager,
    practiceId: string,
    mail: InboundEmail,
  ): Promise<Person | null> {
    let personId: string | null = null;
    if (mail.threadIds.length > 0) {
      const sent = await leadOfSentEmail(manager, practiceId, mail.threadIds);
      const [earlier]: { person_id: string }[] = sent
        ? []
        : await manager.query(
            `SELECT "person_id" FROM "people"."inbound_messages"
             WHERE "practice_id" = $1 AND "person_id" IS NOT NULL AND "provider_id" = ANY($2::text[]) LIMIT 1`,
            [practiceId, mail.threadIds.map((id) => inboundKey(practiceId, id))],
          );
      personId = sent ?? earlier?.person_id ?? null;
    }
    if (personId) {
      return manager.findOne(Person, {
        where: { person_id: personId, practice_id: practiceId },
        lock: { mode: 'pessimistic_write' },
      });
    }
    const [byAddress]: { person_id: string }[] = await manager.query(
      `SELECT "person_id" FROM "people"."persons"
       WHERE "practice_id" = $1 AND lower("primary_email") = $2
       ORDER BY "last_activity_at" DESC NULLS LAST, "created_at" ASC LIMIT 1`,
      [practiceId, mail.from],
    );
    if (!byAddress) return null;
    return manager.findOne(Person, {
      where: { person_id: byAddress.person_id, practice_id: practiceId },
      lock: { mode: 'pessimistic_write' },
    });
  }
}
