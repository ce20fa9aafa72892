import { CalendarMessages, checkDateRange, localText, withinBusinessHours } from './calendar-rules';

const chicago = 'America/Chicago';

describe('checkDateRange', () => {
  it('covers whole days on the practice clock, inclusive, across a DST change', () => {
    // 8 March 2026: US clocks go forward. Midnight of the 1st is CST (-6), the day after the 9th CDT (-5).
    expect(checkDateRange('2026-03-01', '2026-03-09', chicago)).toEqual({
      from: new Date('2026-03-01T06:00:00Z'),
      to: new Date('2026-03-10T05:00:00Z'),
    });
    expect(checkDateRange('2026-03-05', '2026-03-05', chicago)).toEqual({
      from: new Date('2026-03-05T06:00:00Z'),
      to: new Date('2026-03-06T06:00:00Z'),
    });
  });

  it('refuses missing, malformed or impossible dates, an end before the start and more than 62 days', () => {
    expect(checkDateRange(undefined, '2026-03-01', chicago)).toEqual({
      problem: CalendarMessages.datesRequired,
    });
    for (const [start, end] of [
      ['2026-3-1', '2026-03-09'],
      ['2026-02-30', '2026-03-09'],
      ['2026-03-01', 'tomorrow'],
      ['0000-01-01', '0000-01-02'],
    ]) {
      expect(checkDateRange(start, end, chicago)).toEqual({ problem: CalendarMessages.invalidDate });
    }
    expect(checkDateRange('2026-03-09', '2026-03-08', chicago)).toEqual({
      problem: CalendarMessages.endBeforeStart,
    });
    expect(checkDateRange('2026-01-01', '2026-03-03', chicago)).toHaveProperty('from'); // the 62nd day
    expect(checkDateRange('2026-01-01', '2026-03-04', chicago)).toEqual({
      problem: CalendarMessages.rangeTooLong,
    });
  });
});

describe('localText', () => {
  it('reads an instant on the location clock, without offset', () => {
    expect(localText(new Date('2026-03-05T16:00:00Z'), chicago)).toBe('2026-03-05T10:00:00');
    expect(localText(new Date('2026-03-12T15:00:00Z'), chicago)).toBe('2026-03-12T10:00:00');
  });
});

describe('withinBusinessHours', () => {
  const at = (iso: string) => new Date(iso);
  it('uses the defaults (09:00-17:00 weekdays) without hours, on the location clock', () => {
    // Thursday 5 March 2026, 10:00 and 16:30 in Chicago.
    expect(withinBusinessHours(at('2026-03-05T16:00:00Z'), at('2026-03-05T16:30:00Z'), chicago, null)).toBe(
      true,
    );
    expect(withinBusinessHours(at('2026-03-05T22:30:00Z'), at('2026-03-05T23:00:00Z'), chicago, null)).toBe(
      true,
    );
    // 16:45 to 17:15 ends after closing; 08:30 starts before opening; Saturday is closed.
    expect(withinBusinessHours(at('2026-03-05T22:45:00Z'), at('2026-03-05T23:15:00Z'), chicago, null)).toBe(
      false,
    );
    expect(withinBusinessHours(at('2026-03-05T14:30:00Z'), at('2026-03-05T15:00:00Z'), chicago, null)).toBe(
      false,
    );
    expect(withinBusinessHours(at('2026-03-07T16:00:00Z'), at('2026-03-07T16:30:00Z'), chicago, null)).toBe(
      false,
    );
  });

  it("follows the location's own hours", () => {
    const day = { open: '10:00', close: '14:00', closed: false };
    const hours = {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: { ...day, closed: true },
    };
    // Saturday 10:00 open here; Thursday 09:30 not.
    expect(withinBusinessHours(at('2026-03-07T16:00:00Z'), at('2026-03-07T16:30:00Z'), chicago, hours)).toBe(
      true,
    );
    expect(withinBusinessHours(at('2026-03-05T15:30:00Z'), at('2026-03-05T16:00:00Z'), chicago, hours)).toBe(
      false,
    );
  });
});
