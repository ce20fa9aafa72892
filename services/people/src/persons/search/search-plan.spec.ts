import { escapeLike, planSearch } from './search-plan';

describe('planSearch', () => {
  it.each([undefined, '', ' ', 'a', '  a  ', '.', '%%', '@.', '--'])('does not search for %p', (q) => {
    expect(planSearch(q)).toEqual({ kind: 'none' });
  });

  it('searches names and emails anywhere from 3 characters, case-insensitively', () => {
    expect(planSearch('  SoFia ')).toEqual({ kind: 'contains', pattern: '%sofia%' });
    expect(planSearch('sofia   marquez')).toEqual({ kind: 'contains', pattern: '%sofia marquez%' });
    expect(planSearch('ana@clinic.example')).toEqual({ kind: 'contains', pattern: '%ana@clinic.example%' });
  });

  it('searches phone numbers by their digits, formatted or raw', () => {
    expect(planSearch('(214) 555')).toEqual({ kind: 'contains', pattern: '%214555%' });
    expect(planSearch('214-555')).toEqual({ kind: 'contains', pattern: '%214555%' });
    expect(planSearch('214555')).toEqual({ kind: 'contains', pattern: '%214555%' });
    expect(planSearch('+1 214')).toEqual({ kind: 'contains', pattern: '%1214%' });
  });

  it('keeps digits inside an email or a name as typed', () => {
    expect(planSearch('ana12@')).toEqual({ kind: 'contains', pattern: '%ana12@%' });
  });

  it('uses a prefix for 2-character terms', () => {
    expect(planSearch('Ma')).toEqual({ kind: 'prefix', key: 'ma' });
    expect(planSearch('21')).toEqual({ kind: 'prefix', key: '21' });
    expect(planSearch('(21')).toEqual({ kind: 'prefix', key: '21' });
    expect(planSearch('é1')).toEqual({ kind: 'prefix', key: 'é1' });
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(planSearch('so%')).toEqual({ kind: 'contains', pattern: '%so\\%%' });
    expect(planSearch('a_b')).toEqual({ kind: 'contains', pattern: '%a\\_b%' });
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
  });
});
