import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A practice's block list of phone numbers (docs/decisions/0043-number-block-list.md): the product never texts or
 * calls a number on it, whoever asks — the AI on its own or staff — and a form with it still becomes a lead.
 */

/** One blocked number, as `GET /api/v1/practices/{practiceId}/blocked-numbers` answers it. */
export interface BlockedNumber {
  blocked_number_id: string;
  /** E.164, e.g. +12145550134. */
  phone_number: string;
  /** Why it is blocked, as staff wrote it; null when they wrote nothing. */
  note: string | null;
  /** Who added it: the user's id and display name (full name, else e-mail) at the time. */
  added_by_user_id: string;
  added_by_name: string | null;
  /** ISO instant. */
  created_at: string;
}

export interface BlockedNumberList {
  blocked_numbers: BlockedNumber[];
}

/** The body of `POST /api/v1/practices/{practiceId}/blocked-numbers`. */
export interface BlockNumberRequest {
  phone_number: string;
  note?: string | null;
}

export const BlockedNumberLimits = {
  /** A practice's list holds at most this many numbers. */
  maxNumbers: 1000,
  noteMaxLength: 500,
  /** A typed number longer than this is not a phone number. */
  phoneInputMaxLength: 40,
} as const;

/** A US practice: a number typed without a country code is a US number. */
export const BLOCKED_NUMBER_REGION = 'US';

export const BlockedNumberMessages = {
  phoneRequired: 'Please enter the phone number to block',
  invalidPhone: 'Please enter a valid phone number, e.g. (214) 555-0134 or +44 20 7946 0958',
  noteTooLong: `The note may be at most ${BlockedNumberLimits.noteMaxLength} characters`,
  alreadyBlocked: 'This number is already on the block list',
  listFull: `The block list holds at most ${BlockedNumberLimits.maxNumbers} numbers`,
  notFound: 'This number is not on the block list',
  /** Why a text or call is refused (staff's answer, the send ledger's reason, the engine's). */
  refused: "This number is on the practice's block list: the product never texts or calls it.",
} as const;

/**
 * The E.164 form of a number typed to be blocked (punctuation, spaces and a missing +1 allowed), or null when it is
 * not a valid number. Short codes and partial numbers are not valid numbers.
 */
export function normaliseBlockedNumber(input: string): string | null {
  const text = input.trim();
  if (!text || text.length > BlockedNumberLimits.phoneInputMaxLength) return null;
  const phone = parsePhoneNumberFromString(text, BLOCKED_NUMBER_REGION);
  return phone?.isValid() ? phone.number : null;
}
