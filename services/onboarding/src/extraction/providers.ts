/**
 * The practice's providers: people named with a provider title ('Dr. Maria Lopez', 'Maria Lopez, MD', 'Ana Kim,
 * MSN, NP-C'), as the site writes them, one entry per person.
 */
import { matchCatalogueProcedures } from '@pp/ai';
import type { LdPerson } from './json-ld';
import { clean } from './page-text';

export const MAX_PROVIDERS = 20;

/**
 * Post-nominal credentials, longest spelling first. A provider has at least one clinical one (PROVIDER_CREDENTIALS:
 * physicians, dentists, nurse practitioners, physician assistants, nurses, surgical fellowships); the others (a
 * hygienist's RDH, PhD, MBA...) may follow it but do not make a provider on their own.
 */
const CREDENTIALS = [
  'M\\.D\\.',
  'MD',
  'D\\.O\\.',
  'DO',
  'D\\.D\\.S\\.',
  'DDS',
  'D\\.M\\.D\\.',
  'DMD',
  'FNP-BC',
  'FNP-C',
  'FNP',
  'NP-C',
  'NP',
  'APRN',
  'DNP',
  'PA-C',
  'PA',
  'RN',
  'BSN',
  'MSN',
  'CRNA',
  'RDH',
  'FACS',
  'FAAD',
  'FAACS',
  'FACMS',
  'FRCSC',
  'Ph\\.D\\.',
  'PhD',
  'MPH',
  'MBA',
  'MS',
];
const PROVIDER_CREDENTIALS = new Set([
  'MD',
  'DO',
  'DDS',
  'DMD',
  'FNPBC',
  'FNPC',
  'FNP',
  'NPC',
  'NP',
  'APRN',
  'DNP',
  'PAC',
  'PA',
  'RN',
  'MSN',
  'CRNA',
  'FACS',
  'FAAD',
  'FAACS',
  'FACMS',
  'FRCSC',
]);

/** A capitalised name word of at most 25 letters: Maria, O'Neil, McAdams, Lopez-Garcia, José. */
const WORD = "(?:\\p{Lu}['’])?\\p{Lu}\\p{Ll}[\\p{L}'’]{0,22}(?:-\\p{Lu}\\p{Ll}{1,20})?";
const INITIAL = '\\p{Lu}\\.';
const PARTICLE = '(?:de|del|da|van|von|der|di|du|la|le)';
/** A name: two to four words, middle initials and particles between them. */
const NAME = `${WORD}(?:[ ](?:(?:${INITIAL}|${PARTICLE})[ ]){0,2}${WORD}){1,3}`;
const CREDENTIAL = `(?:${CREDENTIALS.join('|')})(?![\\p{L}\\p{N}])`;
const CREDENTIAL_LIST = `${CREDENTIAL}(?:,?[ ]${CREDENTIAL}){0,5}`;
/** 'Dr. Maria Lopez[, MD]' or 'Maria Lopez, MD[, FACS]'. Every part bounded: linear in the text. */
const PROVIDER = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?<title>Dr\\.?|Doctor)[ ](?<titled>${NAME})(?<titledCredentials>,?[ ]${CREDENTIAL_LIST})?|(?<named>${NAME})(?<credentials>,?[ ]${CREDENTIAL_LIST}))`,
  'gu',
);

const PARTICLE_WORD = new RegExp(`^${PARTICLE}$`);
/** Credentials in a JSON-LD honorificSuffix or jobTitle ('Nurse Injector, RN'). */
const CREDENTIALS_IN_TEXT = new RegExp(`(?<![\\p{L}\\p{N}])${CREDENTIAL_LIST}`, 'gu');

/** Capitalised words of headings and sentences that are no part of a name ('Meet Maria Lopez, MD'). */
const NOT_NAMES = new Set(
  `about meet our the team your with and for of in at to is are was offers offer performs welcome book schedule call
  contact learn more read view see medical director board certified certification plastic surgeon surgeons surgery
  dental dentist dentists nurse nurses practitioner practitioners injector injectors aesthetic aesthetics cosmetic
  spa med clinic center founder owner lead senior registered physician physicians assistant dermatologist
  dermatology family general doctor doctors provider providers staff experience expert specialist specialists
  services service treatments treatment why choose how what when who new patients patient office hours today now
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
  september october november december by from on as also has have will her his their this that award winning
  double chief associate fellowship trained`
    .split(/\s+/)
    .filter(Boolean),
);

export interface ProviderName {
  /** As written: 'Dr. Maria Lopez, MD'. */
  name: string;
  /** First and last name, lower case, accents removed: one person however written. */
  key: string;
  /** Titles and credentials written with the name: the fuller spelling is kept. */
  weight: number;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Words already told apart (the catalogue's matcher is costly on many short texts); emptied when full. */
const procedureWords = new Map<string, boolean>();

/** Whether a word can be part of a person's name (not 'Meet', 'Botox' or 'Surgeon'). */
function nameWord(word: string): boolean {
  if (NOT_NAMES.has(word.toLowerCase())) return false;
  let procedure = procedureWords.get(word);
  if (procedure === undefined) {
    if (procedureWords.size >= 10_000) procedureWords.clear();
    procedure = matchCatalogueProcedures(word).length > 0;
    procedureWords.set(word, procedure);
  }
  return !procedure;
}

/** One person's key: first and last name words (initials and particles left out). */
function personKey(words: readonly string[]): string {
  const names = words.filter((word) => !/^\p{Lu}\.$/u.test(word) && !PARTICLE_WORD.test(word));
  return names.length >= 2 ? fold(`${names[0]} ${names[names.length - 1]}`) : '';
}

const credentialWeight = (credentials: string | undefined) =>
  credentials ? credentials.split(/[ ,]+/).filter(Boolean).length : 0;

function hasProviderCredential(credentials: string): boolean {
  return credentials
    .split(/[ ,]+/)
    .some((credential) => PROVIDER_CREDENTIALS.has(credential.replace(/[.-]/g, '').toUpperCase()));
}

/**
 * Whether 'Silver Spring, MD' or 'Bala Cynwyd, PA' is a town and its state: followed by a ZIP code, or a lone MD
 * or PA after 'in', 'serving', 'near'...
 */
function looksLikePlace(text: string, index: number, length: number, credentials: string): boolean {
  if (/^\s{0,2}\d{5}/.test(text.slice(index + length, index + length + 8))) return true;
  return (
    /^,?\s*(?:MD|PA)$/.test(credentials.trim()) &&
    /\b(?:in|serving|near|of|from|to|across|around)\s+$/i.test(text.slice(Math.max(0, index - 12), index))
  );
}

/** The providers named in a text (a heading, a paragraph, a footer line), as written. */
export function providersIn(text: string): ProviderName[] {
  const found: ProviderName[] = [];
  for (const match of text.slice(0, 2_000).matchAll(PROVIDER)) {
    const groups = match.groups ?? {};
    const titled = groups.titled !== undefined;
    const credentials = titled ? groups.titledCredentials : groups.credentials;
    if (!titled && !(credentials && hasProviderCredential(credentials))) continue;
    if (!titled && looksLikePlace(text, match.index, match[0].length, credentials)) continue;
    const words = (titled ? groups.titled : groups.named).split(' ');
    // Words before the name ('Meet', 'Our Team') go; after a title, the name ends at its first non-name word.
    let start = 0;
    if (!titled) while (start < words.length && !nameWord(words[start])) start++;
    let end = start;
    while (
      end < words.length &&
      (nameWord(words[end]) || /^\p{Ll}/u.test(words[end]) || /\.$/.test(words[end]))
    ) {
      end++;
    }
    // Credentials only follow the whole name.
    const whole = end === words.length;
    const nameWords = words.slice(start, end);
    const key = personKey(nameWords);
    if (!key || (!titled && !whole)) continue;
    const name = [
      titled ? `${groups.title} ` : '',
      nameWords.join(' '),
      whole && credentials ? credentials : '',
    ].join('');
    const weight = (titled ? 1 : 0) + (whole ? credentialWeight(credentials) : 0);
    found.push({ name: clean(name), key, weight });
  }
  return found;
}

/** A JSON-LD person as a provider: with a title or credential in its name, prefix, suffix or job title. */
export function providerFromPerson(person: LdPerson): ProviderName | null {
  const written = providersIn(person.name)[0];
  if (written) return written;
  const prefix = person.honorificPrefix && /^(?:Dr\.?|Doctor)$/i.test(person.honorificPrefix) ? 'Dr. ' : '';
  const suffixes = [person.honorificSuffix, person.jobTitle]
    .filter((text): text is string => !!text)
    .map((text) => [...text.slice(0, 200).matchAll(CREDENTIALS_IN_TEXT)].map((m) => m[0]).join(', '))
    .filter((credentials) => credentials && hasProviderCredential(credentials));
  const credentials = suffixes[0] ?? '';
  if (!prefix && !credentials) return null;
  return providersIn(`${prefix}${person.name}${credentials ? `, ${credentials}` : ''}`)[0] ?? null;
}

/**
 * One entry per person (the same first and last name), in the order first met, each written the fullest way the
 * site writes it ('Dr. Maria Lopez, MD' over 'Dr. Maria Lopez'); at most MAX_PROVIDERS.
 */
export function dedupeProviders(names: readonly ProviderName[]): ProviderName[] {
  const byKey = new Map<string, ProviderName>();
  for (const name of names) {
    const known = byKey.get(name.key);
    if (!known) {
      if (byKey.size < MAX_PROVIDERS) byKey.set(name.key, name);
    } else if (name.weight > known.weight) {
      byKey.set(name.key, name);
    }
  }
  return [...byKey.values()];
}
