import { validateZip } from '@pp/contracts';

/**
 * A location's address is one string 'street, city, STATE ZIP' (docs/product/settings.md#address). The page
 * edits it as four fields and saves them joined.
 */
export interface AddressParts {
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** 'STATE ZIP', either part optional: a two-letter state and a 5-digit or 5+4 ZIP. */
const STATE_ZIP = /^([A-Za-z]{2})?\s*(\d{5}(?:-\d{4})?)?$/;

/**
 * Splits on ', '. With 3 or more parts the last is 'STATE ZIP', the one before it the city and the rest the
 * street (a street with its own comma, 'Suite 200, 100 Main St', stays whole). Otherwise, or when the last
 * part is not 'STATE ZIP' (so nothing is lost on the next save), the whole string is the street.
 */
export function parseAddress(address: string | null | undefined): AddressParts {
  const whole = (address ?? '').trim();
  const parts = whole.split(', ');
  if (parts.length >= 3) {
    const match = STATE_ZIP.exec(parts[parts.length - 1].trim());
    if (match) {
      return {
        street: parts.slice(0, -2).join(', ').trim(),
        city: parts[parts.length - 2].trim(),
        state: (match[1] ?? '').toUpperCase(),
        zip: match[2] ?? '',
      };
    }
  }
  return { street: whole, city: '', state: '', zip: '' };
}

/** Joins the non-empty parts: 'street, city, STATE ZIP' (docs/product/settings.md#address). */
export function joinAddress(parts: AddressParts): string {
  const stateZip = [parts.state.trim(), parts.zip.trim()].filter(Boolean).join(' ');
  return [parts.street.trim(), parts.city.trim(), stateZip].filter(Boolean).join(', ');
}

/** The ZIP rule: 5 digits or 5+4 ('75201', '75201-1234'); empty is allowed. Returns the message or null. */
export function zipProblem(zip: string): string | null {
  const trimmed = zip.trim();
  if (!trimmed) return null;
  return /^\d{5}(-\d{4})?$/.test(trimmed) ? null : validateZip('x');
}
