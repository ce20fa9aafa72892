/**
 * A URL as it may appear in a log line: no search terms, tokens, phone numbers or e-mail addresses.
 *
 * Query values of the keys below are always replaced; any other query value, query key or path segment
 * that looks like a phone number or an e-mail address is replaced too. Ids, stages, dates, limits and
 * cursors stay readable for whoever debugs a request.
 */
export const REDACTED = '[redacted]';

/** Query keys whose value is a credential or what a person typed to find someone. */
const SECRET_KEYS = new Set([
  'q',
  'search',
  'token',
  'access_token',
  'email',
  'phone',
  'name',
  'first_name',
  'last_name',
]);

const EMAIL = /[^\s@/]+@[^\s@/]+/;
/** Digits with the separators people write phone numbers with. */
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
/** 2026-11-22 or 2026-11-22T10:00:00Z: digits too, but not a phone number. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T\s]|$)/;

/** A phone number (7 to 15 digits, any usual separators) or an e-mail address. */
export function looksPersonal(value: string): boolean {
  if (EMAIL.test(value)) return true;
  if (!PHONE_CHARACTERS.test(value) || ISO_DATE.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** The decoded text of a URL component, or null when its percent-encoding is malformed. */
function decode(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A component is kept only when it decodes and does not look personal. */
const unsafe = (component: string) => {
  const decoded = decode(component);
  return decoded === null || looksPersonal(decoded);
};

function redactPair(pair: string): string {
  const eq = pair.indexOf('=');
  if (eq === -1) return unsafe(pair) ? REDACTED : pair;
  const rawKey = pair.slice(0, eq);
  const key = decode(rawKey);
  if (key === null || looksPersonal(key)) return REDACTED;
  const name = key.toLowerCase().replace(/\[\]$/, '');
  return SECRET_KEYS.has(name) || unsafe(pair.slice(eq + 1)) ? `${rawKey}=${REDACTED}` : pair;
}

export function redactUrl(url: string | undefined | null): string {
  if (!url) return '';
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const safePath = path
    .split('/')
    .map((segment) => (segment && unsafe(segment) ? REDACTED : segment))
    .join('/');
  if (at === -1) return safePath;
  const safeQuery = url
    .slice(at + 1)
    .split('&')
    .map((pair) => (pair ? redactPair(pair) : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}
