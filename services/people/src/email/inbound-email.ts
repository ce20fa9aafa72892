import { AddressObject, simpleParser } from 'mailparser';
import { bareAddress, InboundEmail, isAutoReply, stripQuotedReply, threadIds } from './reply-parsing';

/** At most this much of a reply's text is kept on the timeline (a pasted document is not a message). */
const MAX_TEXT = 20_000;

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .map((entry) => bareAddress(entry.address))
    .filter((address): address is string => !!address);

/** A raw RFC 5322 message (as IMAP gives it) parsed by mailparser into what the reply reader needs. */
export async function parseInboundEmail(source: Buffer | string): Promise<InboundEmail> {
  const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const subject = mail.subject ?? '';
  const plain = mail.text ?? (typeof mail.html === 'string' ? htmlToText(mail.html) : '');
  const contentType = mail.headers.get('content-type');
  return {
    messageId: mail.messageId ? (threadIds(mail.messageId, undefined)[0] ?? null) : null,
    threadIds: threadIds(mail.inReplyTo, mail.references),
    from: addresses(mail.from)[0] ?? null,
    to: addresses(mail.to),
    subject,
    text: stripQuotedReply(plain).slice(0, MAX_TEXT),
    autoReply: isAutoReply(
      mail.headers as Map<string, unknown>,
      subject,
      contentType && typeof contentType === 'object' && 'value' in contentType
        ? String(contentType.value)
        : '',
    ),
  };
}

/** The text of an HTML-only message: tags out, blocks as lines, entities decoded (the few mail uses). */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<blockquote[\s\S]*$/i, '') // the quoted message of HTML clients
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
