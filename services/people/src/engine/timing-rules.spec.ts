import { followUpTime, isAllowedTime, nextAllowedTime, nextBusinessTime } from './timing-rules';
import type { BusinessHours } from '@pp/contracts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

const weekdays: BusinessHours = {
  monday: { open: '09:00', close: '17:00', closed: false },
  tuesday: { open: '09:00', close: '17:00', closed: false },
  wednesday: { open: '09:00', close: '17:00', closed: false },
  thursday: { open: '09:00', close: '17:00', closed: false },
  friday: { open: '09:00', close: '17:00', closed: false },
  saturday: { open: '10:00', close: '14:00', closed: true },
  sunday: { open: '10:00', close: '14:00', closed: true },
};

describe('nextAllowedTime', () => {
  it('sends an SMS at once between 08:00 and 21:00 local', () => {
    const noon = new Date('2025-06-10T19:00:00Z'); // 12:00 PDT
    expect(nextAllowedTime('sms', noon, LA)).toEqual(noon);
  });

  it('moves an SMS at 23:00 in Los Angeles to 08:00 the next morning there', () => {
    const late = new Date('2025-06-11T06:00:00Z'); // 23:00 PDT on June 10
    expect(nextAllowedTime('sms', late, LA).toISOString()).toBe('2025-06-11T15:00:00.000Z'); // 08:00 PDT
  });

  it('moves a call at 06:30 local to 08:00 the same morning', () => {
    const early = new Date('2025-06-10T13:30:00Z'); // 06:30 PDT
    expect(nextAllowedTime('phone', early, LA).toISOString()).toBe('2025-06-10T15:00:00.000Z');
  });

  it('treats 21:00 as quiet and 08:00 as allowed', () => {
    expect(isAllowedTime('sms', new Date('2025-06-11T04:00:00Z'), LA)).toBe(false); // 21:00 PDT
    expect(isAllowedTime('sms', new Date('2025-06-10T15:00:00Z'), LA)).toBe(true); // 08:00 PDT
  });

  it('sends email at any hour', () => {
    const late = new Date('2025-06-11T06:00:00Z');
    expect(nextAllowedTime('email', late, LA)).toEqual(late);
  });

  it('lands on 08:00 local across the spring DST change (the night clocks go forward)', () => {
    // 23:00 PST on Saturday March 8 2025; DST starts at 02:00 on March 9: 08:00 is PDT (UTC-7).
    const late = new Date('2025-03-09T07:00:00Z');
    expect(nextAllowedTime('sms', late, LA).toISOString()).toBe('2025-03-09T15:00:00.000Z');
  });

  it('lands on 08:00 local across the autumn DST change (the night clocks go back)', () => {
    // 22:30 PDT on Saturday November 1 2025; DST ends at 02:00 on November 2: 08:00 is PST (UTC-8).
    const late = new Date('2025-11-02T05:30:00Z');
    expect(nextAllowedTime('sms', late, LA).toISOString()).toBe('2025-11-02T16:00:00.000Z');
  });

  it('judges the hour in the given zone: 23:00 in New York is 20:00 in Los Angeles', () => {
    const at = new Date('2025-06-11T03:00:00Z');
    expect(isAllowedTime('sms', at, LA)).toBe(true);
    expect(isAllowedTime('sms', at, NY)).toBe(false);
  });
});

describe('business hours', () => {
  it('moves a Friday-evening follow-up to Monday 09:00 when the location is closed at weekends', () => {
    // Friday June 13 2025, 18:00 PDT
    const at = nextBusinessTime('sms', new Date('2025-06-14T01:00:00Z'), LA, weekdays);
    expect(at?.toISOString()).toBe('2025-06-16T16:00:00.000Z'); // Monday 09:00 PDT
  });

  it('keeps a time already inside the hours', () => {
    const inside = new Date('2025-06-10T18:00:00Z'); // Tuesday 11:00 PDT
    expect(nextBusinessTime('sms', inside, LA, weekdays)).toEqual(inside);
  });

  it('gives a follow-up one local calendar day later at the same wall time, across DST', () => {
    // Saturday March 8 2025 10:00 PST + 1 day → Sunday 10:00 PDT (23 hours later); no business hours.
    const from = new Date('2025-03-08T18:00:00Z');
    expect(followUpTime('sms', from, 1, LA, null).toISOString()).toBe('2025-03-09T17:00:00.000Z');
  });

  it('falls back to the quiet-hours rule when the hours leave no time', () => {
    const closed = Object.fromEntries(
      Object.entries(weekdays).map(([day, hours]) => [day, { ...hours, closed: true }]),
    ) as BusinessHours;
    const late = new Date('2025-06-11T06:00:00Z');
    expect(followUpTime('sms', late, 0, LA, closed).toISOString()).toBe('2025-06-11T15:00:00.000Z');
  });
});

describe("the lead's calling hours: its own zones and its state's stricter hours", () => {
  const CHICAGO = 'America/Chicago';

  it('holds a text to a Florida number at 20:30 local until 08:00 (08:00–20:00 there), not in Georgia', () => {
    const at = new Date('2025-06-11T00:30:00Z'); // Tuesday June 10, 20:30 EDT
    expect(isAllowedTime('sms', at, { zones: [NY], state: 'GA' })).toBe(true);
    expect(isAllowedTime('sms', at, { zones: [NY], state: 'FL' })).toBe(false);
    expect(nextAllowedTime('sms', at, { zones: [NY], state: 'FL' }).toISOString()).toBe(
      '2025-06-11T12:00:00.000Z',
    );
  });

  it('waits for 09:00 in Texas on weekdays and for noon there on Sunday', () => {
    const texas = { zones: [CHICAGO], state: 'TX' };
    // Tuesday June 10 2025, 08:30 CDT → 09:00 CDT
    expect(nextAllowedTime('sms', new Date('2025-06-10T13:30:00Z'), texas).toISOString()).toBe(
      '2025-06-10T14:00:00.000Z',
    );
    // Sunday June 15 2025, 10:00 CDT → 12:00 CDT
    expect(nextAllowedTime('phone', new Date('2025-06-15T15:00:00Z'), texas).toISOString()).toBe(
      '2025-06-15T17:00:00.000Z',
    );
  });

  it('skips Sunday where a state allows no texts then (Alabama): Saturday night goes to Monday 08:00', () => {
    // Saturday June 14 2025, 20:30 CDT
    const at = new Date('2025-06-15T01:30:00Z');
    expect(nextAllowedTime('sms', at, { zones: [CHICAGO], state: 'AL' }).toISOString()).toBe(
      '2025-06-16T13:00:00.000Z',
    );
  });

  it('needs the hour to suit every zone an area code spans (Anchorage and Adak, an hour apart)', () => {
    const alaska = { zones: ['America/Anchorage', 'America/Adak'], state: 'AK' };
    // 08:00 AKDT is 07:00 HDT on Adak: wait for 08:00 there (09:00 in Anchorage).
    const anchorageEight = new Date('2025-06-10T16:00:00Z');
    expect(isAllowedTime('sms', anchorageEight, alaska)).toBe(false);
    expect(nextAllowedTime('sms', anchorageEight, alaska).toISOString()).toBe('2025-06-10T17:00:00.000Z');
    // 20:30 HDT on Adak is 21:30 in Anchorage: already too late.
    expect(isAllowedTime('sms', new Date('2025-06-11T06:30:00Z'), alaska)).toBe(false);
  });

  it("keeps a state's opening on the wall clock across DST (Texas, the Sunday clocks go forward)", () => {
    // Saturday March 8 2025 22:00 CST → Sunday March 9 12:00 CDT (UTC-5)
    const at = new Date('2025-03-09T04:00:00Z');
    expect(nextAllowedTime('sms', at, { zones: [CHICAGO], state: 'TX' }).toISOString()).toBe(
      '2025-03-09T17:00:00.000Z',
    );
  });

  it("judges a follow-up by the lead's clock, and the business hours by the location's", () => {
    // The location in Los Angeles opens 09:00 PDT = 12:00 EDT; a Florida lead may be texted from 08:00 EDT:
    // Friday 18:00 PDT + 0 days → Monday 09:00 PDT, suiting both.
    const at = nextBusinessTime('sms', new Date('2025-06-14T01:00:00Z'), LA, weekdays, {
      zones: [NY],
      state: 'FL',
    });
    expect(at?.toISOString()).toBe('2025-06-16T16:00:00.000Z');
    // The location closes at 17:00 PDT, 20:00 EDT, when Florida's window closes too.
    const late = new Date('2025-06-10T23:30:00Z'); // Tuesday 16:30 PDT = 19:30 EDT: both allow it
    expect(nextBusinessTime('sms', late, LA, weekdays, { zones: [NY], state: 'FL' })).toEqual(late);
    const later = new Date('2025-06-11T00:15:00Z'); // 17:15 PDT: the location is closed → Wednesday 09:00 PDT
    expect(nextBusinessTime('sms', later, LA, weekdays, { zones: [NY], state: 'FL' })?.toISOString()).toBe(
      '2025-06-11T16:00:00.000Z',
    );
  });
});
