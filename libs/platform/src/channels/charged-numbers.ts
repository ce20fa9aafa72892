import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Whether texting or calling this number would charge the practice beyond a normal message or call: a premium-rate
 * or shared-cost line (a US 900 number, a UK 09…). Numbers typed into a public form or a demo are never texted or
 * called when they are one, so nobody can make the product ring a paid line (docs/decisions/0040-no-free-calls.md).
 * Read with the full metadata, which knows each country's number ranges.
 */
export function isChargedNumber(e164: string): boolean {
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === 'PREMIUM_RATE' || type === 'SHARED_COST';
}
