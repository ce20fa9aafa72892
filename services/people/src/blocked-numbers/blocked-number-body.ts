import { BlockedNumberLimits, BlockedNumberMessages, normaliseBlockedNumber } from '@pp/contracts';

/** A block request as the list keeps it: the number in E.164, the note trimmed (null when blank). */
export interface BlockRequest {
  phone_number: string;
  note: string | null;
}

/**
 * The body of `POST …/blocked-numbers` read strictly (docs/decisions/0043-number-block-list.md): an object with a
 * `phone_number` a valid number once normalised, and an optional `note`; any other field is refused. Returns the
 * request, or the first problem for a 422.
 */
export function parseBlockRequest(body: unknown): BlockRequest | { problem: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { problem: BlockedNumberMessages.phoneRequired };
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => key !== 'phone_number' && key !== 'note');
  if (unknown !== undefined) return { problem: `property ${unknown.slice(0, 50)} should not exist` };
  const own = (key: string) => (Object.prototype.hasOwnProperty.call(fields, key) ? fields[key] : undefined);
  const typed = own('phone_number');
  if (typed === undefined || typed === null || (typeof typed === 'string' && !typed.trim())) {
    return { problem: BlockedNumberMessages.phoneRequired };
  }
  if (typeof typed !== 'string') return { problem: BlockedNumberMessages.invalidPhone };
  const phone = normaliseBlockedNumber(typed);
  if (!phone) return { problem: BlockedNumberMessages.invalidPhone };
  const note = own('note');
  if (note !== undefined && note !== null && typeof note !== 'string') {
    return { problem: 'note must be a string' };
  }
  const text = typeof note === 'string' ? note.trim() : '';
  if (text.length > BlockedNumberLimits.noteMaxLength) return { problem: BlockedNumberMessages.noteTooLong };
  return { phone_number: phone, note: text || null };
}
