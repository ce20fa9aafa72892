import { contentRange } from './content-range.interceptor';

describe('contentRange', () => {
  it('gives the range and the total of a list', () => {
    expect(contentRange('locations', 3)).toBe('locations 0-2/3');
    expect(contentRange('locations', 1)).toBe('locations 0-0/1');
  });

  it('gives */0 for an empty list (no valid range to name)', () => {
    expect(contentRange('virtual-numbers', 0)).toBe('virtual-numbers */0');
  });
});
