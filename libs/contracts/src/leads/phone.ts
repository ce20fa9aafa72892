/** Phone rules shared by the console and the services (docs/product/leads.md#lead-fields, #constants). */

export const PHONE_DIGITS = 10;

/** The digits of a phone number, without a leading US country code 1 when there are 11. */
export function nationalDigits(input: string | null | undefined): string {
  const digits = (input ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Normalises a US phone number to E.164 (+1XXXXXXXXXX). Accepts 10 digits, or 11 starting with 1, with any
 * punctuation. Returns null when the input is not such a number.
 */
export function normalizeUsPhone(input: string): string | null {
  const digits = nationalDigits(input);
  return digits.length === PHONE_DIGITS ? `+1${digits}` : null;
}

/**
 * The display form (xxx) xxx-xxxx. A leading US 1 is dropped; anything that is not 10 digits is shown as
 * given (an empty value as '').
 */
export function formatPhone(input: string | null | undefined): string {
  const digits = nationalDigits(input);
  if (digits.length !== PHONE_DIGITS) return input ?? '';
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
