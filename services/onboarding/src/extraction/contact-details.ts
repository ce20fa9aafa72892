/**
 * Phone numbers, e-mail addresses and US street addresses in a site's text, contact links and footer. Every
 * pattern is bounded in each part, so a scan is linear in the text; callers cap the text they pass.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A US number as sites write it: (512) 555-0199, 512.555.0199, +1 512-555-0199, 1-800-555-0199. */
const PHONE = /(?<![\w+])(?:\+?1[ .-]?)?(?:\(\d{3}\)[ ]?|\d{3}[ .-])\d{3}[ .-]\d{4}(?!\d)/g;

/** The national number of a valid phone number (US by default), or null. */
export function validPhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.slice(0, 50), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** Valid phone numbers written in a text, as written, in order; a fax number is left out. */
export function phonesIn(text: string): { written: string; number: string }[] {
  const found: { written: string; number: string }[] = [];
  for (const match of text.slice(0, 100_000).matchAll(PHONE)) {
    const before = text.slice(Math.max(0, match.index - 16), match.index);
    if (/\bfax\b/i.test(before)) continue;
    const number = validPhone(match[0]);
    if (number) found.push({ written: match[0], number });
    if (found.length >= 20) break;
  }
  return found;
}

/** An e-mail address in text. Each part bounded; a start inside a word is refused, so a scan is linear. */
const EMAIL = /(?<![\w.%+-])[\w.%+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![\w-])/g;

/** Domains of placeholder, test and error-tracking addresses (a theme's sample, Wix's Sentry reports). */
const PLACEHOLDER_DOMAINS = new Set([
  'example.com',
  'example.org',
  'example.net',
  'email.com',
  'domain.com',
  'yourdomain.com',
  'yoursite.com',
  'yourwebsite.com',
  'website.com',
  'company.com',
  'yourcompany.com',
  'test.com',
  'sentry.io',
  'wixpress.com',
  'sentry-next.wixpress.com',
]);
const PLACEHOLDER_LOCAL_PARTS = new Set([
  'your',
  'you',
  'youremail',
  'your.email',
  'your-email',
  'yourname',
  'your.name',
  'name',
  'email',
  'user',
  'username',
  'someone',
  'john.doe',
  'jane.doe',
  'johndoe',
  'janedoe',
  'firstname.lastname',
  'first.last',
]);
/** File names that look like addresses (logo@2x.png). */
const FILE_ENDINGS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'css', 'js', 'ico']);

/** Whether an e-mail address is a placeholder (your@email.com, info@example.com, ...@sentry.wixpress.com). */
export function isPlaceholderEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0) return true;
  const local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  return (
    PLACEHOLDER_LOCAL_PARTS.has(local) ||
    PLACEHOLDER_DOMAINS.has(domain) ||
    domain.endsWith('.wixpress.com') ||
    domain.endsWith('.sentry.io') ||
    domain.split('.').includes('sentry') ||
    FILE_ENDINGS.has(tld)
  );
}

/** Shape of an address found in a contact link or JSON-LD. */
const EMAIL_SHAPE = /^[\w.%+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,24}$/;

/** A usable e-mail address, trimmed, or null for a malformed or placeholder one. */
export function usableEmail(text: string): string | null {
  const email = text.trim().replace(/^mailto:/i, '');
  return email.length <= 320 && EMAIL_SHAPE.test(email) && !isPlaceholderEmail(email) ? email : null;
}

/** Usable e-mail addresses written in a text, in order. */
export function emailsIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.slice(0, 100_000).matchAll(EMAIL)) {
    const email = usableEmail(match[0]);
    if (email) found.push(email);
    if (found.length >= 20) break;
  }
  return found;
}

const STATES = new Set(
  `AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK
  OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR`.split(/\s+/),
);
const STATE_NAMES = new Set([
  ...`alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois
  indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri
  montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia washington
  wisconsin wyoming`.split(/\s+/),
  'new hampshire',
  'new jersey',
  'new mexico',
  'new york',
  'north carolina',
  'north dakota',
  'rhode island',
  'south carolina',
  'south dakota',
  'west virginia',
  'puerto rico',
]);
/** Street types that end a street's name: what makes '4820 Burnet Road' a street and '30 Minutes' not. */
const STREET_TYPES = new Set(
  `street st avenue ave road rd boulevard blvd drive dr lane ln way parkway pkwy highway hwy court ct place pl circle
  cir trail trl terrace ter plaza plz square sq loop pike freeway fwy expressway expy crossing xing row alley
  broadway turnpike tpke causeway commons walk path pass run`.split(/\s+/),
);

/** A ZIP code (ZIP+4 too). */
const ZIP = /(?<![\d-])\d{5}(?:-\d{4})?(?!\d)/g;
/** The state before a ZIP code: ', TX ' or ' Texas ' or ' New York '. */
const STATE_BEFORE_ZIP = /(?:^|[ ,])([A-Z]{2}|[A-Z][a-z]{1,12}(?:[ ][A-Z][a-z]{1,12})?)\.?[ ]{1,2}$/;
/** Where a street address may start: a house number before a capitalised word or a numbered street. */
const HOUSE_NUMBER = /(?<![\w#-])\d{1,6}[ ](?=[A-Z0-9])/g;
/** Characters before the ZIP code an address may take. */
const MAX_BEFORE_ZIP = 140;

function isState(text: string): boolean {
  if (STATES.has(text) || STATE_NAMES.has(text.toLowerCase())) return true;
  // 'Austin Texas': the town, then the state.
  const last = text.slice(text.lastIndexOf(' ') + 1);
  return last !== text && STATE_NAMES.has(last.toLowerCase());
}

/**
 * US street addresses with a ZIP code in a line of text, as written ('4820 Burnet Road, Suite 210, Austin, TX
 * 78756'): each ZIP code after a state, then the last house number before it (within 140 characters) that starts
 * a street, one followed by a street type ('Road', 'Blvd', 'St'...).
 */
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  const line = text.slice(0, 100_000);
  for (const zip of line.matchAll(ZIP)) {
    const state = STATE_BEFORE_ZIP.exec(line.slice(Math.max(0, zip.index - 30), zip.index));
    if (!state || !isState(state[1])) continue;
    const windowStart = Math.max(0, zip.index - MAX_BEFORE_ZIP);
    const window = line.slice(windowStart, zip.index);
    let start = -1;
    for (const house of window.matchAll(HOUSE_NUMBER)) {
      const words = window
        .slice(house.index)
        .toLowerCase()
        .split(/[^a-z0-9]+/);
      if (words.some((word) => STREET_TYPES.has(word))) start = house.index;
    }
    if (start < 0) continue;
    found.push(
      line
        .slice(windowStart + start, zip.index + zip[0].length)
        .replace(/\s+/g, ' ')
        .trim(),
    );
    if (found.length >= 10) break;
  }
  return found;
}
