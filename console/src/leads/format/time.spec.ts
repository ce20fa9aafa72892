import { activityTime, createdDay, leadAge, localDate, searchRelativeTime } from './time';

// Local times, so the calendar-day rules hold in any time zone the tests run in.
const NOW = new Date(2026, 2, 20, 9, 30); // Mar 20, 2026 09:30
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const daysAgo = (days: number, hour = 9) => new Date(2026, 2, 20 - days, hour, 0);

describe('leadAge', () => {
  it.each([
    [daysAgo(0, 0), 'Today'],
    [daysAgo(1, 23), '1 day ago'],
    [daysAgo(2), '2 days ago'],
    [daysAgo(6), '6 days ago'],
    [daysAgo(7), '1 week ago'],
    [daysAgo(13), '1 week ago'],
    [daysAgo(14), '2 weeks ago'],
    [daysAgo(29), '4 weeks ago'],
    [daysAgo(30), '1 month ago'],
    [daysAgo(65), '2 months ago'],
    [daysAgo(400), '13 months ago'],
  ])('a lead created %p is %p', (created, text) => {
    expect(leadAge(created, NOW)).toBe(text);
  });

  it('counts calendar days: a lead from late last night is a day old', () => {
    expect(leadAge(new Date(2026, 2, 19, 23, 59), new Date(2026, 2, 20, 0, 5))).toBe('1 day ago');
  });

  it("counts days on the practice's clock, not the browser's midnight", () => {
    // 23:52 and 00:05 UTC are 5:52 PM and 6:05 PM in Dallas: the same day there.
    const created = new Date('2026-11-24T23:52:00.000Z');
    const now = new Date('2026-11-25T00:05:00.000Z');
    expect(leadAge(created, now, 'America/Chicago')).toBe('Today');
    // At the practice, a lead from 11:50 PM is a day old ten minutes after its midnight.
    expect(
      leadAge(new Date('2026-11-25T05:50:00.000Z'), new Date('2026-11-25T06:05:00.000Z'), 'America/Chicago'),
    ).toBe('1 day ago');
  });

  it('accepts ISO text and treats a future or missing date as today', () => {
    expect(leadAge(daysAgo(3).toISOString(), NOW)).toBe('3 days ago');
    expect(leadAge(new Date(NOW.getTime() + DAY), NOW)).toBe('Today');
    expect(leadAge(null, NOW)).toBe('Today');
  });
});

describe('activityTime', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59 * MIN), 'Just now'],
    [ago(HOUR), '1 h ago'],
    [ago(23 * HOUR + 59 * MIN), '23 h ago'],
    [ago(DAY), '1 d ago'],
    [ago(6 * DAY + 23 * HOUR), '6 d ago'],
  ])('%p reads %p', (ts, text) => {
    expect(activityTime(ts, NOW)).toBe(text);
  });

  it('shows a local date from 7 days on', () => {
    expect(activityTime(new Date(2026, 2, 4, 15, 0), NOW)).toBe('Mar 4, 2026');
  });

  it('is empty without a time and "Just now" for a time slightly in the future', () => {
    expect(activityTime(undefined, NOW)).toBe('');
    expect(activityTime('not a date', NOW)).toBe('');
    expect(activityTime(new Date(NOW.getTime() + 5000), NOW)).toBe('Just now');
  });

  it("dates an older time on the practice's clock", () => {
    // 03:00 UTC on Nov 15 is 9 PM on Nov 14 in Chicago.
    const at = new Date('2026-11-15T03:00:00.000Z');
    const now = new Date('2026-11-25T00:30:00.000Z');
    expect(activityTime(at, now, 'America/Chicago')).toBe('Nov 14, 2026');
    expect(activityTime(at, now, 'Asia/Tokyo')).toBe('Nov 15, 2026');
    expect(localDate(at, 'America/Chicago')).toBe('Nov 14, 2026');
  });
});

describe('searchRelativeTime', () => {
  it.each([
    [ago(59_000), 'just now'],
    [ago(MIN), '1 m ago'],
    [ago(59 * MIN), '59 m ago'],
    [ago(HOUR), '1 h ago'],
    [ago(23 * HOUR), '23 h ago'],
    [ago(DAY), '1 d ago'],
    [ago(45 * DAY), '45 d ago'],
  ])('%p reads %p', (ts, text) => {
    expect(searchRelativeTime(ts.toISOString(), NOW)).toBe(text);
  });

  it('is a dash when there is no last activity', () => {
    expect(searchRelativeTime(null, NOW)).toBe('—');
    expect(searchRelativeTime(undefined, NOW)).toBe('—');
  });
});

describe('createdDay', () => {
  it("is 'Today', 'Yesterday' by the calendar, else a local date", () => {
    expect(createdDay(new Date(2026, 2, 20, 0, 1), NOW)).toBe('Today');
    expect(createdDay(new Date(2026, 2, 19, 23, 59), NOW)).toBe('Yesterday');
    expect(createdDay(new Date(2026, 2, 18, 12, 0), NOW)).toBe('Mar 18, 2026');
    expect(createdDay(new Date(2025, 11, 31, 12, 0).toISOString(), NOW)).toBe('Dec 31, 2025');
  });

  it("counts days on the practice's clock", () => {
    // 00:30 UTC on Nov 25 is 6:30 PM on Nov 24 in Chicago.
    const now = new Date('2026-11-25T00:30:00.000Z');
    expect(createdDay(new Date('2026-11-24T23:00:00.000Z'), now, 'America/Chicago')).toBe('Today');
    expect(createdDay(new Date('2026-11-24T05:00:00.000Z'), now, 'America/Chicago')).toBe('Yesterday');
    expect(createdDay(new Date('2026-11-23T03:00:00.000Z'), now, 'America/Chicago')).toBe('Nov 22, 2026');
  });
});
