import { PersonException } from '../person.exception';
import { decodeCursor, encodeCursor, ListKey, parseCursor } from './list-cursor';

const key: ListKey = {
  createdAt: '2025-04-16T08:27:37.707071Z',
  personId: '17e3f5a5-8273-4e35-843c-9b73235c2d95',
};
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it('round-trips a key with its microseconds', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it('tells neighbours one microsecond apart', () => {
    const next = encodeCursor({ ...key, createdAt: '2025-04-16T08:27:37.707072Z' });
    expect(next).not.toBe(encodeCursor(key));
    expect(decodeCursor(next)?.createdAt).toBe('2025-04-16T08:27:37.707072Z');
  });

  it.each([
    ['not base64url', 'abc$%^'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['an object', raw({ createdAt: key.createdAt, personId: key.personId })],
    ['a millisecond timestamp', raw(['2025-04-16T08:27:37.707Z', key.personId])],
    ['an impossible date', raw(['2025-02-31T08:27:37.707071Z', key.personId])],
    ['an impossible hour', raw(['2025-04-16T25:27:37.707071Z', key.personId])],
    ['midnight as 24:00', raw(['2025-04-16T24:00:00.000000Z', key.personId])],
    ['30 February', raw(['2032-02-30T10:00:00.000000Z', key.personId])],
    ['year 0000 (PostgreSQL has none)', raw(['0000-01-01T00:00:00.000000Z', key.personId])],
    ['a malformed id', raw([key.createdAt, 'not-a-uuid'])],
    ['SQL in the id', raw([key.createdAt, "x'; DROP TABLE people.persons; --"])],
    ['too many parts', raw([key.createdAt, key.personId, 1])],
    ['far too long', 'A'.repeat(500)],
  ])('rejects %s', (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });

  it('answers a foreign cursor with 422 Invalid cursor', () => {
    expect(() => parseCursor('garbage!')).toThrow(PersonException);
    expect(() => parseCursor('garbage!')).toThrow('Invalid cursor');
    expect(parseCursor(encodeCursor(key))).toEqual(key);
  });
});
