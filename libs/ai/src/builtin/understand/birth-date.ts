/**
 * A date of birth the writer gives ('born in 2010', 'DOB 03/14/2009', 'nací el 5 de mayo de 2011', 'nasci em
 * 2008'), read against the day the message came in: how old the patient can be that day. Ages are never read off
 * a fixed list of years, so the same words mean the same age whenever they are read.
 */

/** The months by name, in the languages the product reads (folded: lower case, no accents). */
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, january: 1, ene: 1, enero: 1, janeiro: 1,
  feb: 2, february: 2, febrero: 2, fev: 2, fevereiro: 2,
  mar: 3, march: 3, marzo: 3, marco: 3,
  apr: 4, april: 4, abr: 4, abril: 4,
  may: 5, mayo: 5, mai: 5, maio: 5,
  jun: 6, june: 6, junio: 6, junho: 6,
  jul: 7, july: 7, julio: 7, julho: 7,
  aug: 8, august: 8, ago: 8, agosto: 8,
  sep: 9, sept: 9, september: 9, septiembre: 9, setiembre: 9, set: 9, setembro: 9,
  oct: 10, october: 10, octubre: 10, out: 10, outubro: 10,
  nov: 11, november: 11, noviembre: 11, novembro: 11,
  dec: 12, december: 12, dic: 12, diciembre: 12, dez: 12, dezembro: 12,
}; // prettier-ignore

/**
 * Words a date of birth is given with: 'born', 'DOB', 'birth year', 'fecha de nacimiento', 'data de nascimento' ('birthday' is
 * not one: 'my birthday on 11/15' is a party, and the year beside it the party's).
 */
const BIRTH_WORD = String.raw`(?:born|dob|d\.o\.b\.?|d o b|date of birth|birth ?date|birth ?year|year of birth|ano de nacimiento|ano de nascimento|naci|nacid[oa]|nacio|fecha de nacimiento|fecha de nac\.?|f\. ?nac\.?|nasci|nascid[oa]|nasceu|data de nascimento|data de nasc\.?)`;
/** What may stand between the word and the date ('born in', 'DOB:', 'nací el', 'nasci em', 'born on the'). */
const LINK = String.raw`[\s:,-]{0,3}(?:(?:in|en|em|on|the|el|no|na|is|es|e|was|fue|foi|de|del|back in)[\s,]{1,2}){0,3}`;
const YEAR = String.raw`(?:19|20)\d\d`;
const SEP = String.raw`[/.\- ]`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th|o|º)?`;
const DATE = [
  // 03/14/2009, 14.03.2009, 3-4-2010: day and month in either order
  String.raw`(?<first>\d{1,2})${SEP}(?<second>\d{1,2})${SEP}(?<numericYear>${YEAR})`,
  // 2009-03-14, or a year alone
  String.raw`(?<yearFirst>${YEAR})(?:${SEP}(?<isoMonth>\d{1,2})${SEP}(?<isoDay>\d{1,2}))?`,
  // March 14, 2009 · 14 March 2009 · 14 de marzo de 2009 · 5 de maio de 2011 · March 2009
  String.raw`(?:(?<monthBefore>[a-z]{3,10})\.?,? (?:(?<dayAfter>${DAY}),? )?(?:de |del )?|(?<dayBefore>${DAY}) (?:de |of )?(?<monthAfter>[a-z]{3,10})\.?,? (?:de |del )?)(?<namedYear>${YEAR})`,
].join('|');

/** A date of birth as the writer gives it; its groups are read by `agesOn`. */
export const BIRTH_DATE = new RegExp(String.raw`\b${BIRTH_WORD}${LINK}(?:${DATE})(?!\d)`, 'i');

/** The youngest and oldest the patient can be on the day, when the words give a date of birth. */
export interface AgeRange {
  youngest: number;
  oldest: number;
}

const monthOf = (name: string | undefined): number | undefined =>
  name && Object.hasOwn(MONTHS, name.toLowerCase()) ? MONTHS[name.toLowerCase()] : undefined;

function ageOn(on: Date, year: number, month: number, day: number): number {
  const before =
    on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day) ? 1 : 0;
  return on.getUTCFullYear() - year - before;
}

const validDay = (month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;

/**
 * How old the patient can be on `on` by the date of birth `match` (a match of BIRTH_DATE) gives: a year alone
 * spans its first and last day, and '03/04/2010' is read both ways round. Null when the words give no date that can
 * be a birth on or before that day.
 */
export function agesOn(match: RegExpExecArray, on: Date): AgeRange | null {
  const groups = match.groups ?? {};
  const year = Number(groups.numericYear ?? groups.yearFirst ?? groups.namedYear);
  const birthdays: [number, number][] = [];
  if (groups.numericYear) {
    const [first, second] = [Number(groups.first), Number(groups.second)];
    if (validDay(first, second)) birthdays.push([first, second]);
    if (validDay(second, first)) birthdays.push([second, first]);
  } else if (groups.isoMonth && validDay(Number(groups.isoMonth), Number(groups.isoDay))) {
    birthdays.push([Number(groups.isoMonth), Number(groups.isoDay)]);
  } else if (groups.namedYear) {
    const month = monthOf(groups.monthBefore ?? groups.monthAfter);
    // 'born on the 4th of July 2010'; 'born in summer 2010' names no month and reads as the year.
    const day = Number.parseInt(groups.dayAfter ?? groups.dayBefore ?? '', 10);
    if (month && validDay(month, day)) birthdays.push([month, day]);
    else if (month) birthdays.push([month, 1], [month, 28]);
  }
  if (birthdays.length === 0) birthdays.push([1, 1], [12, 31]);
  const ages = birthdays.map(([month, day]) => ageOn(on, year, month, day));
  const youngest = Math.min(...ages);
  const oldest = Math.max(...ages);
  return oldest < 0 || youngest > 120 ? null : { youngest, oldest };
}

/** The ages the dates of birth in `text` give on `on` (none when it gives none). */
export function statedAges(text: string, on: Date): AgeRange[] {
  const every = new RegExp(BIRTH_DATE.source, 'gi');
  const ages: AgeRange[] = [];
  for (let match = every.exec(text); match; match = every.exec(text)) {
    const range = agesOn(match, on);
    if (range) ages.push(range);
  }
  return ages;
}
