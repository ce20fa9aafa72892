import { clip, TRACKING_LIMITS, utf8Length } from './events';

/** Room for a form's fields inside one request (the rest of the event and the batch envelope fit in the remainder). */
export const MAX_FORM_FIELD_BYTES = 40 * 1024;

/** Names (split into words) that mark payment card fields. */
const CARD_WORDS = new Set(['card', 'cc', 'cvv', 'cvc', 'cvv2', 'cvc2', 'csc', 'ccv', 'pan']);
const CARD_JOINED =
  /(credit|debit)card|card(num|number|no|holder|exp|expiry|expiration|cvv|cvc|code|pin)|ccnum|ccexp|cvv|cvc/;
/** Hidden inputs that carry anti-forgery tokens (Rails, Django, Laravel, ASP.NET, WordPress, generic). */
const TOKEN_NAME = /csrf|xsrf|authenticity|verification|nonce|token|captcha|honeypot/i;

function words(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A 13-19 digit number (spaces and dashes allowed) passing the Luhn check: a payment card number. */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[\d\s-]+$/.test(value)) return false;
  const digits = value.replace(/[\s-]/g, '');
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isCardName(name: string): boolean {
  const lower = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return words(name).some((word) => CARD_WORDS.has(word)) || CARD_JOINED.test(lower);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldName = (control: Control) => control.name || control.id;

/** Whether a control is never sent: passwords, payment cards, files, anti-forgery tokens, buttons, opted-out fields. */
export function isExcluded(control: Control): boolean {
  if (control.disabled || control.hasAttribute('data-pp-ignore')) return true;
  const autocomplete = (control.getAttribute('autocomplete') ?? '').toLowerCase();
  if (/(^|\s)cc-/.test(autocomplete) || /(current|new)-password|one-time-code/.test(autocomplete))
    return true;
  const name = fieldName(control);
  if (!name || isCardName(name) || isCardName(control.id)) return true;
  if (control instanceof HTMLInputElement) {
    const type = control.type.toLowerCase();
    if (['password', 'file', 'submit', 'reset', 'button', 'image'].includes(type)) return true;
    if (type === 'hidden' && TOKEN_NAME.test(name)) return true;
    if ((type === 'checkbox' || type === 'radio') && !control.checked) return true;
  }
  return false;
}

function valuesOf(control: Control): string[] {
  if (control instanceof HTMLSelectElement)
    return Array.from(control.selectedOptions, (option) => option.value || option.text);
  return [control.value];
}

/**
 * A submitted form's fields, name → value, as the website named them (a control without a name goes by its id).
 * Never: password fields, payment cards (autocomplete cc-*, card-like names, Luhn-valid 13-19 digit values),
 * hidden anti-forgery tokens, file inputs, buttons, disabled or `data-pp-ignore` controls. Repeated names (checkbox
 * groups) are joined with ", ". Within the ingress's limits: 50 fields, names of 200 and values of 5,000 characters,
 * and all of them in about 40 KiB (long values shortened) so that the event fits one request.
 */
export function captureForm(form: HTMLFormElement): Record<string, string> {
  const collected = new Map<string, string[]>();
  for (const element of Array.from(form.elements)) {
    if (!(
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
    ))
      continue;
    if (isExcluded(element)) continue;
    const values = valuesOf(element).filter((value) => !looksLikeCardNumber(value));
    if (values.length === 0) continue;
    const name = clip(fieldName(element), TRACKING_LIMITS.maxFieldNameLength);
    if (!collected.has(name) && collected.size >= TRACKING_LIMITS.maxFieldsPerForm) continue;
    collected.set(name, [...(collected.get(name) ?? []), ...values]);
  }
  const fields: Record<string, string> = {};
  for (const [name, values] of collected)
    fields[name] = clip(values.join(', '), TRACKING_LIMITS.maxFieldValueLength);
  return fitFields(fields);
}

/** Shortens the longest values until all fields fit MAX_FORM_FIELD_BYTES. */
function fitFields(fields: Record<string, string>): Record<string, string> {
  const size = () => utf8Length(JSON.stringify(fields));
  while (size() > MAX_FORM_FIELD_BYTES) {
    const longest = Object.keys(fields).reduce((a, b) => (fields[a].length >= fields[b].length ? a : b));
    fields[longest] = fields[longest].slice(0, Math.floor(fields[longest].length * 0.75));
  }
  return fields;
}

/** Query parameter words that carry secrets: passwords, tokens, one-time codes. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'passcode',
  'secret',
  'token',
  'otp',
  'pin',
]);
const SECRET_JOINED = /password|passwd|passcode|passphrase|secret|token|csrf|xsrf|nonce/;

/** A query parameter name that looks like a password, a token or a payment card field. */
export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return words(name).some((word) => SECRET_WORDS.has(word)) || SECRET_JOINED.test(lower) || isCardName(name);
}

/**
 * An address without the query parameters that must never leave the website: a form sent with method GET puts
 * its fields, password included, in the next page's address; reset links carry tokens. Removed: parameters named
 * like passwords, tokens or card fields, and any whose value is a card number. Everything else (UTM parameters,
 * click ids) is kept as it was.
 */
export function scrubUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!parsed.search) return url;
  const secret = Array.from(parsed.searchParams.keys()).filter(
    (key) => isSecretName(key) || parsed.searchParams.getAll(key).some(looksLikeCardNumber),
  );
  if (secret.length === 0) return url;
  for (const key of secret) parsed.searchParams.delete(key);
  return parsed.href;
}
