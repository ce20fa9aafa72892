import { nationalDigits, PHONE_DIGITS } from './phone';

/** The spec's messages for lead fields (docs/product/leads.md#lead-fields). */
export const LeadFieldMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  stageRequired: 'Stage is required',
  phone: 'Please enter a valid 10-digit phone number',
  email: 'Please enter a valid email address',
  website: 'Please enter a valid website URL',
  zip: 'Please enter a valid ZIP code',
  saveFailed: 'Failed to save. Please try again.',
} as const;

/** A simple address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;
const ZIP_PATTERN = /^\d{5}(-?\d{4})?$/;

/** Each rule returns the spec's message, or null when the value is acceptable. */
export function validateRequiredName(
  value: string | null | undefined,
  which: 'first' | 'last',
): string | null {
  if ((value ?? '').trim()) return null;
  return which === 'first' ? LeadFieldMessages.firstNameRequired : LeadFieldMessages.lastNameRequired;
}

/** Optional; when present exactly 10 digits (11 starting with 1 also accepted). */
export function validatePhone(value: string | null | undefined): string | null {
  if (!(value ?? '').trim()) return null;
  return nationalDigits(value).length === PHONE_DIGITS && /^[\d\s().+-]+$/.test(value!.trim())
    ? null
    : LeadFieldMessages.phone;
}

export function validateEmail(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  return EMAIL_PATTERN.test(trimmed) ? null : LeadFieldMessages.email;
}

/** Adds https:// when no scheme is given. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function validateWebsite(value: string | null | undefined): string | null {
  if (!(value ?? '').trim()) return null;
  try {
    const url = new URL(normalizeWebsite(value!));
    return HOST_PATTERN.test(url.hostname) ? null : LeadFieldMessages.website;
  } catch {
    return LeadFieldMessages.website;
  }
}

export function validateZip(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  return ZIP_PATTERN.test(trimmed) ? null : LeadFieldMessages.zip;
}

/** Names are capitalised per word: 'mary-jane o'neil' → 'Mary-Jane O'Neil'. */
export function capitalizeWords(value: string): string {
  return value.replace(
    /(^|[\s\-'’])(\p{L})/gu,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}
