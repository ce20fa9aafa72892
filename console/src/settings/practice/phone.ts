import { formatPhone, nationalDigits, validatePhone } from '@pp/contracts';

/**
 * A location phone is auto-formatted as it is typed, (555) 123-4567 (docs/product/settings.md#practice-settings-validation);
 * the rule is the leads' 10-digit rule (docs/product/leads.md#lead-fields).
 */
export function formatPhoneAsTyped(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The message when the phone is not empty and not 10 digits, else null. */
export const phoneProblem = (value: string): string | null => validatePhone(value);

/** What is saved: the (555) 123-4567 form, or '' for no phone. */
export const phoneToSave = (value: string): string => (value.trim() ? formatPhone(value) : '');
