import { cleanUserAgent, filedIn, namedPractice } from './audit-entry';

describe('which practice an entry is filed in', () => {
  const mine = ['p-glow', 'p-north'];

  it("is the practice the service granted, when it is the user's", () => {
    expect(filedIn(mine, ['p-north'], null)).toEqual(['p-north']);
    expect(filedIn(mine, ['p-north', 'p-north'], 'p-glow')).toEqual(['p-north']);
  });

  it('never a practice the user does not belong to, whatever a service says', () => {
    expect(filedIn(mine, ['p-lakeview'], null)).toEqual(mine);
    expect(filedIn(mine, ['p-lakeview'], 'p-lakeview')).toEqual(mine);
  });

  it("is the named practice of a refused request when it is the user's, else all of theirs", () => {
    expect(filedIn(mine, [], 'p-glow')).toEqual(['p-glow']);
    expect(filedIn(mine, [], null)).toEqual(mine);
    expect(filedIn([], [], 'p-glow')).toEqual([]);
  });

  it('reads the practice from the path, else from practice_id', () => {
    expect(namedPractice('/api/v1/practices/ABC/audit-log', '?practice_id=x')).toBe('abc');
    expect(namedPractice('/api/v1/people', '?practice_id=P-1&q=x')).toBe('p-1');
    expect(namedPractice('/api/v1/people', '')).toBeNull();
  });
});

describe('the user agent kept', () => {
  it('drops control characters and keeps 512 characters at most', () => {
    expect(cleanUserAgent('Mozilla/5.0\r\nX-Injected: 1')).toBe('Mozilla/5.0X-Injected: 1');
    expect(cleanUserAgent('a'.repeat(600))).toHaveLength(512);
    expect(cleanUserAgent(['first', 'second'])).toBe('first');
    expect(cleanUserAgent('  ')).toBeNull();
    expect(cleanUserAgent(undefined)).toBeNull();
  });
});
