import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * SMS length rules (docs/product/ai-engine.md#drafts). A message whose every character is in the GSM-7 alphabet
 * is sent in GSM-7: 160 characters in one segment, 153 per segment once it is split, the extension characters
 * (€ [ ] { } ~ ^ | \ and the form feed) counting twice. One character outside it (a curly quote, an emoji, á)
 * turns the whole message into UCS-2: 70 characters in one segment, 67 per segment once split. The counting is
 * Twilio's segment calculator (sms-segments-calculator, MIT), which also counts surrogate pairs and line breaks
 * as carriers do.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';

/**
 * Printable ASCII and line breaks that are GSM-7 basic characters, one septet each: everything printable but the
 * backtick (not GSM-7 at all) and [ \ ] ^ { | } ~ (extension characters, two septets that carriers never split).
 */
const GSM7_BASIC_ASCII = /^[\n\r !-Z_a-z]*$/;

/**
 * How many SMS segments the text is sent in (0 for an empty text). Plain ASCII text, the common case, is counted
 * directly (the drafter counts every candidate wording); anything else goes through the calculator.
 */
export function smsSegments(text: string): number {
  if (text.length === 0) return 0;
  if (GSM7_BASIC_ASCII.test(text)) return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
  return new SegmentedMessage(text).segmentsCount;
}

/** The encoding the text is sent in. */
export function smsEncoding(text: string): SmsEncoding {
  return new SegmentedMessage(text).encodingName;
}

const gsmCache = new Map<string, boolean>();

/** Whether one character (a grapheme) is in the GSM-7 alphabet, basic or extension table. */
export function isGsm7Char(char: string): boolean {
  let known = gsmCache.get(char);
  if (known === undefined) {
    known = char.length > 0 && new SegmentedMessage(char).encodingName === 'GSM-7';
    gsmCache.set(char, known);
  }
  return known;
}

/** Typographic characters and their plain GSM-7 equivalents. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u00B4': "'",
  '`': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2012': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u200B': '',
  '\u2022': '-',
  '\u00B7': '-',
  '\u2122': '',
  '\u00AE': '',
  '\u00A9': '',
};

/**
 * The text in GSM-7 characters wherever a plain equivalent exists, so that an SMS is not sent as UCS-2 (less than
 * half the characters per segment) for a typographic quote: curly quotes and dashes become straight ones, an
 * ellipsis three dots, accented letters outside GSM-7 (á í ó ú ç …) their base letter (é, ñ, ü, ¿ and ¡ are GSM-7
 * and stay), emoji and other symbols are dropped. Letters of other scripts (a name written in Greek or Chinese)
 * stay as they are: the message is then UCS-2, which the segment count accounts for.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of Array.from(text)) {
    if (isGsm7Char(char)) {
      out += char;
      continue;
    }
    const plain = PLAIN[char];
    if (plain !== undefined) {
      out += plain;
      continue;
    }
    const base = char.normalize('NFD').replace(/\p{M}+/gu, '');
    if (base.length > 0 && Array.from(base).every(isGsm7Char)) {
      out += base;
    } else if (/\p{L}|\p{N}/u.test(char)) {
      out += char;
    }
    // Anything else (emoji, pictographs, variation selectors, other symbols) is dropped.
  }
  return out
    .replace(/ {2,}/g, ' ')
    .replace(/ +([.,!?])/g, '$1')
    .replace(/ +$/gm, '');
}
