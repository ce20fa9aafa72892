import { defaultRange, monthGrid, pickDay, presetOf, presetRange, rangeText } from './dateRange';

// A Tuesday in the middle of a month, at noon local time.
const today = new Date(2026, 10, 24, 12, 0, 0);

describe('the date range presets', () => {
  it('give the days of each preset, today included', () => {
    expect(presetRange('today', today)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(presetRange('yesterday', today)).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(presetRange('last_7_days', today)).toEqual({ start: '2026-11-18', end: '2026-11-24' });
    expect(presetRange('this_month', today)).toEqual({ start: '2026-11-01', end: '2026-11-24' });
    expect(presetRange('last_30_days', today)).toEqual({ start: '2026-10-26', end: '2026-11-24' });
    expect(presetRange('last_90_days', today)).toEqual({ start: '2026-08-27', end: '2026-11-24' });
  });

  it('default to the last 30 days (today and 29 days back)', () => {
    expect(defaultRange(today)).toEqual({ start: '2026-10-26', end: '2026-11-24' });
    expect(presetOf(defaultRange(today), today)).toBe('last_30_days');
    expect(presetOf({ start: '2026-11-02', end: '2026-11-05' }, today)).toBeNull();
    expect(presetOf(null, today)).toBeNull();
  });

  it('cross a year boundary', () => {
    expect(presetRange('yesterday', new Date(2026, 0, 1))).toEqual({
      start: '2025-12-31',
      end: '2025-12-31',
    });
  });
});

describe('the range calendar', () => {
  it('starts a range on the first click and closes it on the second, in either order', () => {
    const first = pickDay(null, '2026-11-10');
    expect(first).toEqual({ start: '2026-11-10', end: null });
    expect(pickDay(first, '2026-11-14')).toEqual({ start: '2026-11-10', end: '2026-11-14' });
    expect(pickDay(first, '2026-11-02')).toEqual({ start: '2026-11-02', end: '2026-11-10' });
    expect(pickDay({ start: '2026-11-02', end: '2026-11-10' }, '2026-11-20')).toEqual({
      start: '2026-11-20',
      end: null,
    });
  });

  it('lays a month out in Sunday-first weeks', () => {
    const weeks = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    const february = monthGrid(2026, 1); // starts on a Sunday, 28 days: exactly 4 weeks
    expect(february).toHaveLength(4);
    expect(monthGrid(2026, 9)[0].slice(0, 4)).toEqual([null, null, null, null]); // October 2026 starts on a Thursday
  });

  it('shows a range as dates', () => {
    expect(rangeText({ start: '2026-10-26', end: '2026-11-24' })).toBe('Oct 26, 2026 – Nov 24, 2026');
    expect(rangeText({ start: '2026-11-24', end: '2026-11-24' })).toBe('Nov 24, 2026');
  });
});
