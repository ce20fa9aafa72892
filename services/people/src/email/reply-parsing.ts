import { freeTextOptOut, smsKeyword } from '../channels/sms-keywords';

/**
 * The pure part of reading replies (docs/decisions/0018-email-replies.md): which message ids a reply names, whether
 * it was written by a person or a machine, and what the lead wrote once the quoted e-mail below is gone.
 */

/** Header fields of a received message, names lower-cased, values as text. */
export type HeaderMap = Map<string, unknown> | Record<string, unknown>;

/** A received e-mail as the reply reader needs it (from mailparser's ParsedMail). */
export interface InboundEmail {
  messageId: string | null;
  /** In-Reply-To then References (newest first), each `<id@domain>`, no repeats. */
  threadIds: string[];
  from: string | null;
  to: string[];
  subject: string;
  /** What the sender wrote, the quoted earlier message removed. */
  text: string;
  autoReply: boolean;
}

const MESSAGE_ID = /<[^<>\s]+@[^<>\s]+>/g;

/** `<id@domain>` forms of a header value (one id, a list, or mailparser's array), in order, without repeats. */
export function messageIds(...values: unknown[]): string[] {
  const ids: string[] = [];
  for (const value of values.flat()) {
    if (typeof value !== 'string') continue;
    const found =
      value.match(MESSAGE_ID) ?? (/^[^<>\s]+@[^<>\s]+$/.test(value.trim()) ? [`<${value.trim()}>`] : []);
    for (const id of found) if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The ids a reply answers: In-Reply-To first, then References newest first (RFC 5322 section 3.6.4). */
export function threadIds(inReplyTo: unknown, references: unknown): string[] {
  const refs = messageIds(references).reverse();
  return messageIds(inReplyTo, refs);
}

const header = (headers: HeaderMap, name: string): string => {
  const value = headers instanceof Map ? headers.get(name) : headers[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value)
    return String((value as { value: unknown }).value);
  return value === undefined || value === null ? '' : String(value);
};

const AUTO_SUBJECT =
  /^(automatic reply|auto(matic)?[- ]?(reply|response)|out of (the )?office|ooo\b|abwesenheitsnotiz|réponse automatique|respuesta automática|undeliverable|delivery status notification|mail delivery (failed|subsystem))/i;

/**
 * Written by a machine, not a person: RFC 3834 `Auto-Submitted` (anything but `no`), the de-facto markers of
 * Exchange, Gmail and vacation programs (`X-Autoreply`, `X-Autorespond`, `X-Auto-Response-Suppress` on a message
 * that is itself automatic, `Precedence: auto_reply|bulk|junk`), a delivery report, or an out-of-office subject.
 */
export function isAutoReply(headers: HeaderMap, subject: string, contentType = ''): boolean {
  const submitted = header(headers, 'auto-submitted').trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (header(headers, 'x-autoreply') || header(headers, 'x-autorespond')) return true;
  if (/^(auto_reply|bulk|junk)$/i.test(header(headers, 'precedence').trim())) return true;
  if (/^oof$|^autoreply$/i.test(header(headers, 'x-ms-exchange-inbox-rules-loop').trim())) return true;
  if (/multipart\/report/i.test(contentType || header(headers, 'content-type'))) return true;
  return AUTO_SUBJECT.test(subject.trim());
}

/** Lines that open the quoted earlier message in the clients patients use. */
const QUOTE_OPENERS: RegExp[] = [
  /^On\b.{0,200}\bwrote:\s*$/i, // Gmail, Apple Mail, Thunderbird (English)
  /^Le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^El\b.{0,200}\bescribió:\s*$/i,
  /^Am\b.{0,200}\bschrieb\b.{0,100}:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook (plain text), Yahoo
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^_{10,}\s*$/, // Outlook's rule above its header block
  /^From:\s.+$/i, // Outlook without a rule: From:/Sent:/To:/Subject: block
  /^Sent from my (iPhone|iPad|Android|phone|mobile|Galaxy)/i,
  /^Get Outlook for (iOS|Android)/i,
];

/**
 * What the sender wrote, without the quoted message below it: cut at the first line that opens a quote
 * (including Gmail's "On … wrote:" wrapped over two lines) and trailing `>` lines; the signature after `-- `
 * goes too. A reply that is only a quote (or interleaved quoting with nothing above) is returned as sent.
 */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    const joined = index + 1 < lines.length ? `${line} ${lines[index + 1].trim()}` : line;
    if (line === '--' || lines[index] === '-- ') {
      end = index;
      break;
    }
    if (QUOTE_OPENERS.some((pattern) => pattern.test(line))) {
      end = index;
      break;
    }
    if (/^On\b/i.test(line) && /^On\b.{0,200}\bwrote:\s*$/i.test(joined)) {
      end = index;
      break;
    }
    if (
      line.startsWith('>') &&
      lines.slice(index).every((rest) => rest.trim() === '' || rest.trim().startsWith('>'))
    ) {
      end = index;
      break;
    }
  }
  const kept = lines.slice(0, end).join('\n').trim();
  return kept || text.trim();
}

/** The bare lower-case address of a header value such as `Sofia <Sofia@Example.com>`. */
export function bareAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = value.match(/<([^<>\s]+@[^<>\s]+)>/) ?? value.match(/([^<>\s"]+@[^<>\s"]+)/);
  return match ? match[1].toLowerCase() : null;
}

/** Longer replies go to the engine, which reads a wish to stop in context ("I'll stop by Thursday, please…"). */
const SHORT_REPLY = 160;

/**
 * A short reply whose text (or a subject, the way mailto: unsubscribe links send it) is an opt-out as the SMS
 * channel reads one ("unsubscribe", "STOP", "please don't email me", "take me off your list"). One that also
 * tells a symptom or an emergency is left to the engine, which records the opt-out and escalates it.
 */
export function isEmailOptOut(mail: Pick<InboundEmail, 'text' | 'subject'>): boolean {
  const subject = mail.subject.replace(/^((re|aw|sv|fwd?)\s*:\s*)+/i, '');
  if (subject.length <= SHORT_REPLY && optsOut(subject)) return true;
  return mail.text.length <= SHORT_REPLY && optsOut(mail.text);
}

function optsOut(text: string): boolean {
  if (smsKeyword(text) === 'opt_out') return true;
  const { optOut, needsPerson } = freeTextOptOut(text);
  return optOut && !needsPerson;
}
