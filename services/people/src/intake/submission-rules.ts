import { FieldMappingTarget } from '@pp/contracts';
import { isChargedNumber } from '@pp/platform';
import { isEmail } from 'class-validator';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A US practice's forms: numbers without a country code are read as US numbers. */
export const DEFAULT_PHONE_REGION = 'US';

/**
 * E.164 (+12145550134) of a valid phone number as a visitor typed it; null when it is not one, or when it is a
 * premium-rate or shared-cost line the practice must never text or call (the form keeps what was typed).
 */
export function normaliseFormPhone(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const phone = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  return phone?.isValid() && !isChargedNumber(phone.number) ? phone.number : null;
}

/** The address lower-cased, when it is a valid e-mail address; null otherwise. */
export function normaliseFormEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toLowerCase();
  return text && isEmail(text) ? text : null;
}

/** Whitespace collapsed, trimmed; '' for nothing. */
function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** "Ana María Ruiz" → first "Ana", last "María Ruiz"; one word is a first name only. */
export function splitFullName(fullName: string | null | undefined): {
  first_name: string | null;
  last_name: string | null;
} {
  const words = clean(fullName).split(' ').filter(Boolean);
  if (words.length === 0) return { first_name: null, last_name: null };
  return { first_name: words[0], last_name: words.length > 1 ? words.slice(1).join(' ') : null };
}

/** What a submission says once the practice's mapping is applied. */
export interface ReadSubmission {
  /** target → value (trimmed), the first non-empty field of each target; invalid phone/email left out. */
  mapped: Partial<Record<FieldMappingTarget, string>>;
  /** Fields kept as additional info (unmapped, mapped so, a second field of a target, an invalid contact). */
  additional_info: Record<string, string>;
  first_name: string | null;
  last_name: string | null;
  /** E.164. */
  phone: string | null;
  /** Lower-cased. */
  email: string | null;
}

/**
 * The names of the locks a submission's take-in holds: its practice with its phone (E.164) and with its e-mail
 * (lower-cased), so two forms of one person wait for each other whichever contact they share.
 */
export function contactLockKeys(practiceId: string, read: Pick<ReadSubmission, 'phone' | 'email'>): string[] {
  const keys: string[] = [];
  if (read.phone) keys.push(`people.intake:${practiceId}:phone:${read.phone}`);
  if (read.email) keys.push(`people.intake:${practiceId}:email:${read.email}`);
  return keys;
}

/**
 * Applies the mapping to the fields as submitted (docs/product/ai-engine.md#intake-forms-field-mapping-consent):
 * mapped fields fill their target; unmapped and `additional_info` fields are kept as additional info;
 * `ignore` fields are neither. A phone or e-mail that is not valid is kept as additional info, never as the
 * lead's contact.
 */
export function readSubmission(
  fields: Record<string, string>,
  mappings: Record<string, FieldMappingTarget>,
): ReadSubmission {
  const mapped: Partial<Record<FieldMappingTarget, string>> = {};
  const additional: Record<string, string> = {};
  let phone: string | null = null;
  let email: string | null = null;
  for (const [name, raw] of Object.entries(fields)) {
    const value = clean(raw);
    const target = mappings[name];
    if (target === 'ignore') continue;
    if (!target || target === 'additional_info') {
      if (value) additional[name] = value;
      continue;
    }
    if (!value) continue;
    if (mapped[target] !== undefined) {
      additional[name] = value;
      continue;
    }
    if (target === 'phone') {
      phone = normaliseFormPhone(value);
      if (!phone) {
        additional[name] = value;
        continue;
      }
    } else if (target === 'email') {
      email = normaliseFormEmail(value);
      if (!email) {
        additional[name] = value;
        continue;
      }
    }
    mapped[target] = value;
  }
  const split = splitFullName(mapped.full_name);
  return {
    mapped,
    additional_info: additional,
    first_name: mapped.first_name ?? split.first_name,
    last_name: mapped.last_name ?? split.last_name,
    phone,
    email,
  };
}

/** Lower-case words of a place name: "Uptown Clinic – Dallas, TX" → "uptown clinic dallas tx". */
function placeWords(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The city of an address written 'street, city, STATE ZIP' (the part before the state); null otherwise. */
export function cityOfAddress(address: string | null | undefined): string | null {
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 2] : null;
}

export interface LocationCandidate {
  name: string;
  city: string | null;
}

/**
 * Whether the location a visitor chose is one of the practice's active locations: its name or its city,
 * case-insensitively, as whole words either way ("Dallas, TX" names the city Dallas; "Uptown" the location
 * "Uptown Clinic"). Lenient on purpose: a lead filtered out by mistake is a patient lost.
 */
export function matchesLocation(preference: string, locations: readonly LocationCandidate[]): boolean {
  const chosen = placeWords(preference);
  if (!chosen) return false;
  const paddedChoice = ` ${chosen} `;
  return locations.some((location) =>
    [location.name, location.city].some((candidate) => {
      const words = placeWords(candidate);
      return !!words && (paddedChoice.includes(` ${words} `) || ` ${words} `.includes(paddedChoice));
    }),
  );
}

/** Consent channels a submission gives: sms and phone for a phone number, email for an address. */
export function consentChannels(contact: { phone: string | null; email: string | null }): ConsentChannel[] {
  return [
    ...(contact.phone ? (['sms', 'phone'] as const) : []),
    ...(contact.email ? (['email'] as const) : []),
  ];
}

const CONSENT_FIELD = /consent|agree|accept|optin|permission|autoriz|acepto|consentimiento/;
const REFUSED = /^(no|false|off|0|unchecked|n)$/i;

/** Words of a consent field's name that say which channel it is about. */
const CHANNEL_WORDS: readonly { channel: ConsentChannel; words: RegExp }[] = [
  { channel: 'sms', words: /\b(sms|texts?|texting|mensajes?)\b/ },
  { channel: 'phone', words: /\b(calls?|calling|phone|telephone|llamadas?|telefono)\b/ },
  { channel: 'email', words: /\b(e ?mails?|newsletters?|correos?)\b/ },
];

export type ConsentChannel = 'sms' | 'phone' | 'email';

/** What a submission says about being contacted on one channel it gave an address for. */
export interface ConsentAnswer {
  channel: ConsentChannel;
  granted: boolean;
  /** The evidence: the consent field as `name: value`, or the sentence naming the form. */
  text: string;
}

/**
 * The channels a consent field that says no refuses: those its name speaks of ("sms_consent" texts, "email_optin"
 * e-mail); texts and calls when it names none ("I agree to be contacted"), the channels that need the lead's
 * consent before the AI reaches out (docs/decisions/0014-consent-in-outreach.md).
 */
export function refusedChannels(fieldName: string): ConsentChannel[] {
  const words = fieldName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ');
  const named = CHANNEL_WORDS.filter((entry) => entry.words.test(words)).map((entry) => entry.channel);
  return named.length > 0 ? named : ['sms', 'phone'];
}

/**
 * Consent per channel the submission gave an address for (docs/product/ai-engine.md#intake-forms-field-mapping-consent):
 * the form's consent field (a field whose name speaks of consent, agree, accept, opt-in or permission) as
 * `name: value`; without one, the form itself asked to be contacted. A consent field that says no (no, false, off,
 * 0, empty) refuses the channels it is about; the others are still given by the form.
 */
export function consentAnswers(
  fields: Record<string, string>,
  page: { title: string | null; url: string },
  contact: { phone: string | null; email: string | null },
): ConsentAnswer[] {
  const channels = consentChannels(contact);
  const formText = `Submitted the form "${clean(page.title) || page.url}" asking to be contacted`;
  const field = Object.entries(fields).find(([name]) =>
    CONSENT_FIELD.test(name.toLowerCase().replace(/[^a-z]/g, '')),
  );
  if (!field) return channels.map((channel) => ({ channel, granted: true, text: formText }));
  const value = clean(field[1]);
  const text = `${clean(field[0])}: ${value}`;
  if (value && !REFUSED.test(value)) return channels.map((channel) => ({ channel, granted: true, text }));
  const refused = refusedChannels(field[0]);
  return channels.map((channel) =>
    refused.includes(channel)
      ? { channel, granted: false, text }
      : { channel, granted: true, text: formText },
  );
}
