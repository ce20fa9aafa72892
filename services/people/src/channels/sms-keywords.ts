import { understandInquiry } from '@pp/ai';

/**
 * What an inbound SMS asks of the channel (docs/product/channels.md#opt-out-keywords): opt out (FCC 24-18: any
 * reasonable means), opt back in, or help. Case, spacing and punctuation never matter; null for any other text
 * (`freeTextOptOut` reads a wish to stop told in other words).
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

/**
 * Compatibility characters as their letters (NFKC: a fullwidth 'ＳＴＯＰ' is STOP), lower case, apostrophes dropped,
 * other punctuation as spaces, spaces collapsed.
 */
export function normalizeSms(body: string): string {
  return body
    .normalize('NFKC')
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
  return null;
}

const MAX_SMS_CHARS = 1600;

/**
 * A message in the lead's own words that asks for no more messages ("please stop texting me", "take me off your
 * list", "no me manden más mensajes"), read by the engine's own rules so the channel and the engine agree: a
 * look-alike ("I quit smoking, is it ok now?", "stop by Friday?") is none, and self-harm language never is one.
 * `needsPerson`: the same message tells something a person must handle (a symptom, an emergency), so the engine
 * reads it too.
 */
export function freeTextOptOut(body: string): { optOut: boolean; needsPerson: boolean } {
  // Longer than an SMS can be (Twilio joins at most 1,600 characters): not read here, the engine reads it.
  if (body.length > MAX_SMS_CHARS) return { optOut: false, needsPerson: false };
  const reading = understandInquiry({ channel: 'sms', text: body, practiceProcedures: [] });
  return { optOut: reading.intent === 'opt_out', needsPerson: reading.escalation !== null };
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
