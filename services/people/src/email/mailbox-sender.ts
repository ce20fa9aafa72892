import { Inject, Injectable } from '@nestjs/common';
import { OAuthEmailProvider } from '@pp/contracts';
import { CONFIG } from '@pp/platform';
import { createTransport } from 'nodemailer';
import { PeopleConfig } from '../config';

/** One e-mail to send from a practice's mailbox. */
export interface MailboxMessage {
  provider: OAuthEmailProvider;
  from: string;
  accessToken: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** SMTP connection options of a provider's URL: TLS from the start (smtps) or a required STARTTLS upgrade. */
export function smtpOptions(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    requireTLS: !secure && !LOOPBACK.has(parsed.hostname),
  };
}

/**
 * Sends through the practice's own mailbox over SMTP with XOAUTH2 (nodemailer), so the message is in the
 * mailbox's Sent folder and replies come back to it. Throws when the server refused it.
 */
@Injectable()
export class MailboxSender {
  constructor(@Inject(CONFIG) private readonly config: PeopleConfig) {}

  async send(message: MailboxMessage): Promise<void> {
    const url = message.provider === 'google' ? this.config.GOOGLE_SMTP_URL : this.config.MICROSOFT_SMTP_URL;
    const transport = createTransport({
      ...smtpOptions(url),
      auth: { type: 'OAuth2', user: message.from, accessToken: message.accessToken },
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    try {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: message.messageId,
        inReplyTo: message.inReplyTo,
        references: message.references,
        headers: message.headers,
      });
    } finally {
      transport.close();
    }
  }
}
