/**
 * Opening hours as a site states them: schema.org openingHoursSpecification or openingHours ('Mo-Fr 09:00-18:00'),
 * or an hours table or line of text ('Monday – Thursday | 8:00 AM – 5:00 PM', 'Fri 8am-2pm').
 */
import type { LdHours } from './json-ld';

export interface OpeningHoursSpec {
  /** 'Monday' ... 'Sunday', in week order. */
  days: string[];
  /** 'HH:MM', 24-hour. */
  opens: string;
  closes: string;
}

export const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A day's name or abbreviation (schema.org's two letters, 'Tue', 'Thurs', 'Weds') → its index in WEEK. */
function dayIndex(text: string): number {
  const word = text.replace(/\.$/, '').toLowerCase();
  if (word.length < 2) return -1;
  return WEEK.findIndex((day) => {
    const name = day.toLowerCase();
    return (
      name === word || (name.startsWith(word) && word.length <= 5) || (word === 'weds' && day === 'Wednesday')
    );
  });
}

/** Days of a day list: 'Mo-Fr', 'Monday through Thursday', 'Mon, Wed & Fri', 'Sa,Su'. Empty when unreadable. */
function daysOf(text: string): number[] {
  const days: number[] = [];
  const tokens = text.slice(0, 120).split(/\s*(,|&|\band\b|-|–|—|\bto\b|\bthrough\b|\bthru\b)\s*/i);
  for (let i = 0; i < tokens.length; i += 2) {
    const day = dayIndex(tokens[i].trim());
    if (day < 0) return [];
    const separator = (tokens[i - 1] ?? '').toLowerCase();
    const previous = days[days.length - 1];
    if (previous !== undefined && /^(?:-|–|—|to|through|thru)$/.test(separator)) {
      // A range, wrapping round the week end (Fr-Mo).
      for (let d = (previous + 1) % 7; d !== day; d = (d + 1) % 7) days.push(d);
    }
    days.push(day);
  }
  return [...new Set(days)];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** '09:00', '9:00:00', '17:30' → 'HH:MM'; null when not a 24-hour time. */
function time24(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}

/** Groups days with the same hours, days in week order, groups in the order of their first day. */
function grouped(byDay: ReadonlyMap<number, { opens: string; closes: string }>): OpeningHoursSpec[] {
  const groups = new Map<string, OpeningHoursSpec>();
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const { opens, closes } = byDay.get(day)!;
    const key = `${opens}-${closes}`;
    const group = groups.get(key) ?? { days: [], opens, closes };
    group.days.push(WEEK[day]);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** schema.org openingHoursSpecification entries and openingHours strings as opening hours, or [] when unreadable. */
export function hoursFromSchema(
  specifications: readonly LdHours[],
  strings: readonly string[],
): OpeningHoursSpec[] {
  const byDay = new Map<number, { opens: string; closes: string }>();
  for (const specification of specifications) {
    const opens = time24(specification.opens);
    const closes = time24(specification.closes);
    if (!opens || !closes || opens === closes) continue;
    for (const day of specification.days) {
      const index = dayIndex(day);
      if (index >= 0 && !byDay.has(index)) byDay.set(index, { opens, closes });
    }
  }
  for (const text of strings) {
    // 'Mo-Fr 09:00-18:00', 'Mo,We 09:00-17:00'; 'Mo-Su' alone (always open) is not read.
    const match = /^([A-Za-z ,-]{2,60}?)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(
      text.trim().slice(0, 100),
    );
    if (!match) continue;
    const opens = time24(match[2]);
    const closes = time24(match[3]);
    if (!opens || !closes) continue;
    for (const day of daysOf(match[1])) if (!byDay.has(day)) byDay.set(day, { opens, closes });
  }
  return grouped(byDay);
}

const DAY =
  '(?:Mon(?:day)?|Tue(?:s(?:day)?)?|Wed(?:s|nesday)?|Thu(?:r(?:s(?:day)?)?)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)\\.?(?![a-z])';
const DAYS = `${DAY}(?:[ ]?(?:-|–|—|,|&|and|to|through|thru)[ ]?${DAY}){0,6}`;
const TIME = '\\d{1,2}(?:[:.]\\d{2})?[ ]?(?:[ap]\\.?m\\.?)?';
/** 'Monday – Thursday | 8:00 AM – 5:00 PM', 'Fri: 8am-2pm', 'Monday through Friday from 9 a.m. to 6 p.m.'. */
const HOURS_LINE = new RegExp(
  `(?<![A-Za-z])(${DAYS})[ ]?(?::|\\||,)?[ ]?(?:from[ ])?(${TIME})[ ]?(?:-|–|—|to|until)[ ]?(${TIME})(?![\\d:])`,
  'gi',
);

/** '8:00 AM', '5pm', '12:30 p.m.', '17:00' → minutes after midnight and whether it said am/pm. */
function clockTime(text: string): { minutes: number; meridiem: 'am' | 'pm' | null } | null {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?[ ]?(?:([ap])\.?m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const meridiem = match[3] ? (match[3].toLowerCase() === 'a' ? 'am' : 'pm') : null;
  if (minutes >= 60 || (meridiem && (hours < 1 || hours > 12)) || hours > 24) return null;
  return { minutes: hours * 60 + minutes, meridiem };
}

function applyMeridiem(minutes: number, meridiem: 'am' | 'pm'): number {
  const hours = Math.floor(minutes / 60) % 12;
  return (meridiem === 'pm' ? hours + 12 : hours) * 60 + (minutes % 60);
}

const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The times of '8:00 AM – 5:00 PM', '9-5pm' (the closing time's pm, unless that makes opening later than closing)
 * or '09:00-17:00'. Null when neither time says am or pm and they are not 24-hour times ('9-5'), or closing is
 * not after opening.
 */
function timeRange(opensText: string, closesText: string): { opens: string; closes: string } | null {
  const opens = clockTime(opensText);
  const closes = clockTime(closesText);
  if (!opens || !closes) return null;
  let from = opens.minutes;
  let to = closes.minutes;
  if (opens.meridiem || closes.meridiem) {
    const closesMeridiem = closes.meridiem ?? opens.meridiem!;
    to = applyMeridiem(to, closesMeridiem);
    if (opens.meridiem) {
      from = applyMeridiem(from, opens.meridiem);
    } else {
      from = applyMeridiem(from, closesMeridiem);
      if (from >= to) from = applyMeridiem(opens.minutes, 'am');
    }
  } else if (!/:/.test(opensText) || !/:/.test(closesText)) {
    return null;
  }
  return to > from ? { opens: hhmm(from), closes: hhmm(to) } : null;
}

/** Opening hours stated in lines of text (table rows, a footer's lines); [] when none. */
export function hoursInText(lines: readonly string[]): OpeningHoursSpec[] {
  const byDay = new Map<number, { opens: string; closes: string }>();
  for (const line of lines) {
    for (const match of line.slice(0, 500).matchAll(HOURS_LINE)) {
      const range = timeRange(match[2], match[3]);
      if (!range) continue;
      for (const day of daysOf(match[1])) if (!byDay.has(day)) byDay.set(day, range);
    }
  }
  return grouped(byDay);
}
