import { parseIsoDateTime } from '@pp/platform';
import { PersonException, PersonExceptionCode, PersonMessages } from '../person.exception';

/**
 * A position in a lead list: the (created_at, person_id) of a lead, the list's sort key. created_at is the
 * exact stored value as PostgreSQL prints it in UTC with microseconds (a JS Date keeps only milliseconds, and
 * leads created within the same millisecond would then be skipped or repeated).
 */
export interface ListKey {
  /** e.g. 2025-04-16T08:27:37.707070Z */
  createdAt: string;
  personId: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

/** The opaque cursor handed to the console: base64url of `[created_at, person_id]`. */
export function encodeCursor(key: ListKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.personId])).toString('base64url');
}

/** The key of a cursor, or null when it is not one this service wrote. */
export function decodeCursor(cursor: string): ListKey | null {
  if (!BASE64URL.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [createdAt, personId] = value as unknown[];
  if (typeof createdAt !== 'string' || typeof personId !== 'string') return null;
  if (!isRealTimestamp(createdAt) || !UUID.test(personId)) return null;
  return { createdAt, personId: personId.toLowerCase() };
}

/** Like decodeCursor, for a request: a cursor that is not ours is a 422, never a database error. */
export function parseCursor(cursor: string): ListKey {
  const key = decodeCursor(cursor);
  if (!key) throw new PersonException(PersonExceptionCode.InvalidListQuery, PersonMessages.invalidCursor);
  return key;
}

/**
 * Well formed and a real instant PostgreSQL accepts (the shared date-time rule: no 31 February, no 24:00,
 * no year 0000).
 */
function isRealTimestamp(value: string): boolean {
  return TIMESTAMP.test(value) && parseIsoDateTime(value) !== null;
}
