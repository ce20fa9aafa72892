/**
 * What an inbound SMS asks of the channel (docs/product/channels.md#opt-out-keywords): opt out (FCC 24-18: any
 * reasonable means), opt back in, or help. Case, spacing and punctuation never matter; null for any other text,
 * which the AI engine reads as a reply.
 */
export type SmsKeyword = 'opt_out' | 'opt_in' | 'help';

const OPT_OUT_WORDS = new Set([
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'revoke',
  'optout',
  'opt out',
  'remove',
  'remove me',
  'unsub',
]);
const OPT_IN_WORDS = new Set(['start', 'yes', 'unstop']);
const HELP_WORDS = new Set(['help', 'info']);

/** Free-text revocations: the lead plainly asks for no more messages. */
const REVOCATIONS: RegExp[] = [
  /\b(stop|quit|cease) (texting|messaging|contacting|calling|sending)\b/,
  /\b(don ?t|do not|never) (text|message|contact|call|send|email)\b/,
  /\b(take|remove|delete) me (off|from)\b/,
  /\bunsubscribe me\b/,
  /\bopt me out\b/,
  /\bno more (texts|messages|sms)\b/,
  /\bleave me alone\b/,
  /\b(stop|quit)\b.*\b(please|now|it)\b|\b(please|pls)\b.*\bstop\b/,
];

/** Lower case, apostrophes dropped, other punctuation as spaces, spaces collapsed. */
export function normalizeSms(body: string): string {
  return body
    .toLowerCase()
    .replace(/[\u2018\u2019']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function smsKeyword(body: string): SmsKeyword | null {
  const text = normalizeSms(body);
  if (!text) return null;
  if (OPT_OUT_WORDS.has(text)) return 'opt_out';
  if (OPT_IN_WORDS.has(text)) return 'opt_in';
  if (HELP_WORDS.has(text)) return 'help';
  if (REVOCATIONS.some((pattern) => pattern.test(text))) return 'opt_out';
  return null;
}

/** The one confirmation of an opt-out: no marketing, how to come back (CTIA). */
export function optOutConfirmation(practiceName: string): string {
  return `${practiceName}: you are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
}

export function optInConfirmation(practiceName: string): string {
  return `${practiceName}: you are subscribed to messages again. Reply STOP to unsubscribe, HELP for help.`;
}

export function helpText(practiceName: string, practicePhone: string | null): string {
  const call = practicePhone ? ` Call us at ${practicePhone}.` : '';
  return `${practiceName}: reply to this number to reach our team.${call} Reply STOP to unsubscribe.`;
}
