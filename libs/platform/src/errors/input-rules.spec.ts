import { findTextProblem, InputMessages, jsonDepthExceeds, parseIsoDateTime } from './input-rules';
import { queryProblem, strictQueryParser } from './request-parsing';

describe('hostile input rules', () => {
  describe('jsonDepthExceeds', () => {
    it('counts nested objects and arrays, not brackets inside strings', () => {
      expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
      expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
      expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
      expect(jsonDepthExceeds('{"a":"quote \\" then [[[[[["}', 1)).toBe(false);
    });

    it('refuses 2,000 levels without overflowing the stack', () => {
      expect(jsonDepthExceeds('['.repeat(2000) + ']'.repeat(2000))).toBe(true);
      expect(jsonDepthExceeds('{"a":'.repeat(2000) + '1' + '}'.repeat(2000))).toBe(true);
    });
  });

  describe('findTextProblem', () => {
    it('finds NUL and lone surrogates in values and keys at any depth', () => {
      expect(findTextProblem({ a: [{ b: 'x\u0000y' }] })).toBe(InputMessages.nul);
      expect(findTextProblem({ 'k\u0000': 1 })).toBe(InputMessages.nul);
      expect(findTextProblem({ email: 'a\ud800@x.example' })).toBe(InputMessages.surrogate);
      expect(findTextProblem(['\udc00'])).toBe(InputMessages.surrogate);
    });

    it('accepts ordinary text, emoji (surrogate pairs) and non-text values', () => {
      expect(findTextProblem({ name: 'Zoë 😀', n: 1, b: true, z: null, list: ['ok'] })).toBeNull();
    });
  });

  describe('parseIsoDateTime', () => {
    it.each([
      ['2030-03-11T15:00:00.000Z', '2030-03-11T15:00:00.000Z'],
      ['2030-03-11T15:00Z', '2030-03-11T15:00:00.000Z'],
      ['2030-03-11T10:00:00-05:00', '2030-03-11T15:00:00.000Z'],
      ['2030-03-11T20:30:00+0530', '2030-03-11T15:00:00.000Z'],
      ['2032-02-29T10:00:00Z', '2032-02-29T10:00:00.000Z'],
      ['2025-04-16T08:27:37.707070Z', '2025-04-16T08:27:37.707Z'],
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ])('accepts %s', (text, iso) => {
      expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
    });

    it.each([
      '2032-02-30T10:00Z',
      '2031-02-29T10:00Z',
      '2032-04-31T10:00Z',
      '2032-01-01T24:00Z',
      '2032-01-01T23:60Z',
      '2032-01-01T23:59:60Z',
      '2032-13-01T10:00Z',
      '0000-01-01T00:00:00.000000Z',
      '2030-03-11T15:00:00',
      '2030-03-11',
      '2030-03-11T15:00:00+15:00',
      'next tuesday',
      '',
      42,
      null,
    ])('refuses %j', (text) => {
      expect(parseIsoDateTime(text)).toBeNull();
    });
  });

  describe('strictQueryParser', () => {
    it('parses a query as Fastify would', () => {
      const query = strictQueryParser('a=1&a=2&b=x+y&c=%E2%82%AC&d');
      expect({ ...query }).toEqual({ a: ['1', '2'], b: 'x y', c: '€', d: '' });
      expect(queryProblem(query)).toBeNull();
    });

    it.each(['x=%zz', 'x=%ED%A0%80', '%zz=1', 'x=%E2%82'])('marks %s as malformed (400)', (text) => {
      expect(queryProblem(strictQueryParser(text))).toMatchObject({
        statusCode: 400,
        message: InputMessages.malformedQuery,
      });
    });

    it('refuses NUL in a value or a key with 422', () => {
      expect(queryProblem(strictQueryParser('q=a%00b'))).toMatchObject({ statusCode: 422 });
      expect(queryProblem(strictQueryParser('a%00=b'))).toMatchObject({ statusCode: 422 });
    });
  });
});
