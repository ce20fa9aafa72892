/**
 * Normalises a US phone number to E.164 (+1XXXXXXXXXX). Accepts 10 digits, or 11 starting with 1, with any
 * punctuation. Returns null when the input is not such a number.
 */
export function normalizeUsPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
