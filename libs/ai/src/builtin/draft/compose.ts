import type { MessageChannel } from '../../model';
import { smsSegments, toGsm7 } from '../../safety/sms';

/**
 * A message as sentences ("pieces"), some of them optional, and how it is put together for a channel. An SMS is
 * shortened to its segment budget by dropping optional sentences (the lowest `drop` first), then by using a
 * piece's shorter alternative; it is never cut inside a word.
 */
export interface Piece {
  text: string;
  /** Where it goes in an email: the opening paragraph, the body, a call to action, or after the sign-off. */
  part: 'greeting' | 'body' | 'cta';
  /** Null: always kept. Otherwise optional; lower numbers are dropped first. */
  drop: number | null;
  /** A shorter wording to use when the message is still too long without the optional sentences. */
  shorter?: string;
  /** What the sentence does, for the draft's reasoning (only said when the sentence is in the message). */
  note?: string;
  /** The note when the shorter wording is used instead. */
  shorterNote?: string;
  /** A price the sentence quotes ("Botox (Uptown price)"); the reasoning lists the quoted ones together. */
  quote?: string;
}

export interface Composed {
  body: string;
  dropped: number;
  segments: number | null;
  /** The pieces the body says, as it says them (a shorter wording in place of the longer one). */
  kept: Piece[];
}

export function joinSms(pieces: readonly Piece[]): string {
  return toGsm7(
    pieces
      .map((p) => p.text.trim())
      .filter(Boolean)
      .join(' '),
  );
}

/** The SMS text within `maxSegments`, shortened as little as possible. */
export function fitSms(pieces: readonly Piece[], maxSegments: number): Composed {
  let kept = [...pieces];
  let dropped = 0;
  const fits = () => smsSegments(joinSms(kept)) <= maxSegments;
  while (!fits()) {
    const optional = kept.filter((p) => p.drop !== null);
    if (optional.length === 0) break;
    const next = optional.reduce((a, b) => ((b.drop as number) < (a.drop as number) ? b : a));
    kept = kept.filter((p) => p !== next);
    dropped++;
  }
  for (let i = 0; i < kept.length && !fits(); i++) {
    const shorter = kept[i].shorter;
    if (shorter !== undefined) {
      kept = kept.map((p, j) => (j === i ? { ...p, text: shorter, note: p.shorterNote } : p));
    }
  }
  let body = joinSms(kept);
  if (smsSegments(body) > maxSegments) {
    body = cutAtWord(body, maxSegments);
    // The last resort cut the end: only the sentences still whole in the text are said.
    kept = kept.filter((p) => body.includes(joinSms([p])));
  }
  return { body, dropped, segments: smsSegments(body), kept };
}

/** The last resort for very long names or links: the text cut after a whole word, ending with "...". */
function cutAtWord(text: string, maxSegments: number): string {
  const wordsOf = text.split(' ');
  while (wordsOf.length > 1) {
    wordsOf.pop();
    const candidate = `${wordsOf.join(' ').replace(/[,;:]$/, '')}...`;
    if (smsSegments(candidate) <= maxSegments) return candidate;
  }
  return wordsOf[0];
}

export function composeEmail(pieces: readonly Piece[], signOff: string): string {
  const part = (name: Piece['part']) =>
    pieces
      .filter((p) => p.part === name)
      .map((p) => p.text.trim())
      .filter(Boolean);
  const paragraphs = [part('greeting').join(' '), part('body').join(' '), ...part('cta'), signOff].filter(
    Boolean,
  );
  return paragraphs.join('\n\n');
}

export function composePhone(pieces: readonly Piece[], close: string): string {
  return [...pieces.map((p) => p.text.trim()).filter(Boolean), close].join('\n');
}

export function compose(
  channel: MessageChannel,
  pieces: readonly Piece[],
  maxSegments: number,
  signOff: string,
  close: string,
): Composed {
  if (channel === 'sms') return fitSms(pieces, maxSegments);
  const kept = [...pieces];
  if (channel === 'email') return { body: composeEmail(pieces, signOff), dropped: 0, segments: null, kept };
  return { body: composePhone(pieces, close), dropped: 0, segments: null, kept };
}
