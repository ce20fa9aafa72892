import { Inject, Injectable } from '@nestjs/common';
import { OAuthEmailProvider } from '@pp/contracts';
import { CONFIG } from '@pp/platform';
import { ImapFlow } from 'imapflow';
import { PeopleConfig } from '../config';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** IMAP connection options of a provider's URL: TLS from the start (imaps) or a required STARTTLS upgrade. */
export function imapOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 993 : 143),
    secure,
    // Credentials never cross the network in clear: only the tests' loopback server is spoken to without TLS.
    doSTARTTLS: !secure && !LOOPBACK.has(parsed.hostname),
  };
}

/** Where the INBOX was read up to: its UIDVALIDITY and last UID, or where to start when these are unusable. */
export interface MailboxCursor {
  uidValidity: string | null;
  lastUid: number | null;
  /** Without a usable cursor (first read, or UIDVALIDITY changed), messages that arrived from then on are read. */
  since: Date;
}

export interface FetchedMessage {
  uid: number;
  source: Buffer;
  /** When the server received it. */
  receivedAt: Date | null;
}

export interface MailboxBatch {
  uidValidity: string;
  /** The cursor to store: the last UID read (or the mailbox's last when nothing was new). */
  lastUid: number;
  messages: FetchedMessage[];
  /** More new messages wait beyond this batch. */
  more: boolean;
}

/** How many messages one read takes at most; the rest comes with the next read. */
export const MAX_BATCH = 100;

/**
 * Reads the new messages of a mailbox's INBOX over IMAP with XOAUTH2 (imapflow): those after the stored UID
 * when the UIDVALIDITY is the same, else those received since the cursor's `since` (RFC 3501: a new UIDVALIDITY
 * makes earlier UIDs meaningless). Read-only: messages stay unread for the practice's staff.
 */
@Injectable()
export class MailboxReader {
  constructor(@Inject(CONFIG) private readonly config: PeopleConfig) {}

  async read(
    account: { provider: OAuthEmailProvider; address: string; accessToken: string },
    cursor: MailboxCursor,
    limit = MAX_BATCH,
  ): Promise<MailboxBatch> {
    const url = account.provider === 'google' ? this.config.GOOGLE_IMAP_URL : this.config.MICROSOFT_IMAP_URL;
    const client = new ImapFlow({
      ...imapOptions(url),
      auth: { user: account.address, accessToken: account.accessToken },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    // A dropped connection is reported through the awaited command; an unhandled 'error' would crash the process.
    client.on('error', () => undefined);
    await client.connect();
    try {
      const lock = await client.getMailboxLock('INBOX', { readOnly: true });
      try {
        const mailbox = client.mailbox;
        if (!mailbox) throw new Error('INBOX could not be opened');
        const uidValidity = String(mailbox.uidValidity);
        const newest = Math.max(0, mailbox.uidNext - 1);
        const continuing = cursor.uidValidity === uidValidity && cursor.lastUid !== null;
        const after = continuing ? cursor.lastUid! : 0;
        const found = continuing
          ? after >= newest
            ? []
            : await client.search({ uid: `${after + 1}:*` }, { uid: true })
          : await client.search({ since: dayBefore(cursor.since) }, { uid: true });
        const uids = (found || []).filter((uid) => uid > after).sort((a, b) => a - b);
        const taken = uids.slice(0, limit);
        const messages: FetchedMessage[] = [];
        if (taken.length > 0) {
          for await (const message of client.fetch(
            taken.join(','),
            { uid: true, source: true, internalDate: true },
            { uid: true },
          )) {
            if (!message.source) continue;
            const receivedAt = message.internalDate ? new Date(message.internalDate) : null;
            // SINCE is a date without a time: what arrived earlier that day, before the cursor, is not new.
            if (!continuing && receivedAt && receivedAt < cursor.since) continue;
            messages.push({ uid: message.uid, source: message.source, receivedAt });
          }
        }
        messages.sort((a, b) => a.uid - b.uid);
        const more = uids.length > taken.length;
        const lastUid = more ? taken[taken.length - 1] : Math.max(after, newest, ...taken);
        return { uidValidity, lastUid, messages, more };
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
}

function dayBefore(date: Date): Date {
  return new Date(date.getTime() - 24 * 3600 * 1000);
}
