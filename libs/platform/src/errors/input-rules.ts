/**
 * Pure rules for hostile input, shared by the request parsers of every service (docs/conventions.md,
 * "Errors"): no request text may reach a handler, a validator or PostgreSQL in a shape that makes them fail.
 */

/** The deepest nesting of objects and arrays a JSON body may have. Real bodies stay far below it. */
export const MAX_JSON_DEPTH = 32;

export const InputMessages = {
  tooDeep: `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most)`,
  nul: 'Text cannot contain NUL (\\u0000) characters',
  surrogate: 'Text must be valid Unicode (it contains a lone UTF-16 surrogate)',
  malformedQuery: 'The query string is not valid percent-encoded UTF-8',
  badUrl: 'The URL is not valid percent-encoded UTF-8',
  urlTooLong: 'The URL is too long',
  invalidDateTime: 'must be an ISO 8601 date-time with a time zone',
} as const;

/**
 * The nesting depth of a JSON text, without parsing it (iterative, so a hostile body cannot overflow the
 * stack): brackets inside strings do not count. Stops counting once past `limit`.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused (NUL, which PostgreSQL cannot store, or a lone surrogate), or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return InputMessages.nul;
  if (LONE_SURROGATE.test(text)) return InputMessages.surrogate;
  return null;
}

/**
 * The first refused text among every string (keys included) of a parsed JSON value or query object,
 * walked iteratively; null when all are acceptable.
 */
export function findTextProblem(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return problem;
    } else if (Array.isArray(current)) {
      pending.push(...current);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return problem;
        pending.push(item);
      }
    }
  }
  return null;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))$/;

/**
 * The one date-time rule of every date input: ISO 8601 with a date, a time and a zone ('Z' or ±hh:mm),
 * a real calendar date and time (no 30 February, no 24:00, no second 60), year 0001–9999 (PostgreSQL has
 * no year 0), an offset of at most ±14:00. Returns the instant, or null when the text breaks the rule —
 * never a date rolled over to another day.
 */
export function parseIsoDateTime(text: unknown): Date | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone, sign, oh, om] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const hours = Number(oh);
    const minutes = Number(om);
    if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  utc.setUTCHours(hour, minute, second, millis);
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}
