import { latestAllowedTime, reminderSchedule } from './reminder-rules';

const CHI = 'America/Chicago';
const NY = 'America/New_York';
const iso = (d: Date) => d.toISOString();
const plan = (start: string, now: string, extra: Partial<Parameters<typeof reminderSchedule>[0]> = {}) =>
  reminderSchedule({
    channel: 'sms',
    start: new Date(start),
    now: new Date(now),
    timeZone: CHI,
    clock: CHI,
    ...extra,
  });
const summary = (planned: ReturnType<typeof reminderSchedule>) =>
  planned.map((r) => `${r.label} ${iso(r.due_at)}`);

describe('reminderSchedule: when the AI reminds a lead of an appointment', () => {
  it('reminds the day before and 2 hours before, at their targets when the calling hours allow it', () => {
    // Thursday June 4 2026, 14:00 CDT; booked on Monday.
    expect(summary(plan('2026-06-04T19:00:00Z', '2026-06-01T15:00:00Z'))).toEqual([
      '24h 2026-06-03T19:00:00.000Z', // Wednesday 14:00 CDT
      '2h 2026-06-04T17:00:00.000Z', // Thursday 12:00 CDT
    ]);
  });

  it("sends a 09:00 appointment's 2 h reminder at 08:00 (07:00 is quiet; an hour is left)", () => {
    const planned = plan('2026-06-04T14:00:00Z', '2026-06-01T15:00:00Z'); // 09:00 CDT
    expect(summary(planned)).toEqual(['24h 2026-06-03T14:00:00.000Z', '2h 2026-06-04T13:00:00.000Z']);
    expect(iso(planned[1].target)).toBe('2026-06-04T12:00:00.000Z'); // the target it moved from, 07:00
  });

  it('sends no 2 h reminder for an 08:15 appointment (08:00 leaves less than 30 minutes): the day-before one is enough', () => {
    expect(summary(plan('2026-06-04T13:15:00Z', '2026-06-01T15:00:00Z'))).toEqual([
      '24h 2026-06-03T13:15:00.000Z',
    ]);
  });

  it("moves a 21:30 appointment's reminders to the last allowed minute before them, 20:59", () => {
    // 21:30 CDT on June 4 = 02:30Z June 5. Day before: 21:30 is quiet → 20:59. 2 h before: 19:30, allowed.
    expect(summary(plan('2026-06-05T02:30:00Z', '2026-06-01T15:00:00Z'))).toEqual([
      '24h 2026-06-04T01:59:00.000Z',
      '2h 2026-06-05T00:30:00.000Z',
    ]);
  });

  it('e-mail is not held to the calling hours: a 07:30 appointment is reminded at 05:30 by e-mail', () => {
    const planned = plan('2026-06-04T12:30:00Z', '2026-06-01T15:00:00Z', { channel: 'email' });
    expect(summary(planned)).toEqual(['24h 2026-06-03T12:30:00.000Z', '2h 2026-06-04T10:30:00.000Z']);
  });

  it("applies the lead's state window: Texas texts only from 12:00 on Sunday and 09:00 on weekdays", () => {
    // Monday June 8 2026, 09:00 CDT, a Texas lead. Day before: Sunday 09:00, quiet until 12:00 (21 h before: goes).
    // 2 h before: 07:00, quiet until 09:00 — the start itself: no 2 h reminder.
    const texas = { zones: [CHI], state: 'TX' };
    expect(summary(plan('2026-06-08T14:00:00Z', '2026-06-01T15:00:00Z', { clock: texas }))).toEqual([
      '24h 2026-06-07T17:00:00.000Z',
    ]);
  });

  it("judges the hours on the lead's clock, the day on the location's", () => {
    // A New York lead of a Chicago practice, 08:30 CDT appointment (09:30 EDT): 2 h before is 07:30 EDT, quiet;
    // the hours open at 08:00 EDT (07:00 CDT), 90 minutes before the start.
    const planned = plan('2026-06-04T13:30:00Z', '2026-06-01T15:00:00Z', { clock: NY });
    expect(summary(planned)).toEqual(['24h 2026-06-03T13:30:00.000Z', '2h 2026-06-04T12:00:00.000Z']);
  });

  it('keeps the day before on the wall clock across a DST change (09:00 stays 09:00)', () => {
    // Monday March 15 2027, 09:00 CDT; daylight time began on Sunday March 14 at 02:00.
    const planned = plan('2027-03-15T14:00:00Z', '2027-03-10T15:00:00Z');
    expect(iso(planned[0].due_at)).toBe('2027-03-14T14:00:00.000Z'); // Sunday 09:00 CDT: 24 h of wall clock, 23 real
    // Tuesday November 2 2027 09:00 CST, the day after standard time came back: Monday 09:00 CST.
    const autumn = plan('2027-11-02T15:00:00Z', '2027-10-28T15:00:00Z');
    expect(iso(autumn[0].due_at)).toBe('2027-11-01T15:00:00.000Z');
  });

  it('sends none for a past appointment, and leaves out a reminder whose moment has passed', () => {
    expect(plan('2026-06-04T19:00:00Z', '2026-06-04T19:00:00Z')).toEqual([]);
    expect(plan('2026-06-04T19:00:00Z', '2026-06-05T10:00:00Z')).toEqual([]);
    // Booked at 15:00 CDT for tomorrow 14:00: the day-before target has passed, the 2 h one goes.
    expect(summary(plan('2026-06-04T19:00:00Z', '2026-06-03T20:00:00Z'))).toEqual([
      '2h 2026-06-04T17:00:00.000Z',
    ]);
    // Booked an hour ahead: too soon for either.
    expect(plan('2026-06-04T19:00:00Z', '2026-06-04T18:00:00Z')).toEqual([]);
  });

  it('never plans a reminder in the past: one moved earlier than now is moved after its target instead', () => {
    // 21:30 appointment, planned at 21:10 the day before (after 20:59): the day-before target 21:30 is quiet, 20:59
    // has passed, and the next opening (08:00) leaves 13.5 h: it goes at 08:00.
    const planned = plan('2026-06-05T02:30:00Z', '2026-06-04T02:10:00Z');
    expect(summary(planned)).toEqual(['24h 2026-06-04T13:00:00.000Z', '2h 2026-06-05T00:30:00.000Z']);
  });
});

describe('latestAllowedTime', () => {
  it('is the instant itself inside the hours, the last minute of the window before it outside', () => {
    const noon = new Date('2026-06-04T17:00:00Z');
    expect(latestAllowedTime('sms', noon, CHI, 3_600_000)).toEqual(noon);
    expect(iso(latestAllowedTime('sms', new Date('2026-06-05T03:00:00Z'), CHI, 3 * 3_600_000)!)).toBe(
      '2026-06-05T01:59:00.000Z',
    );
    expect(latestAllowedTime('sms', new Date('2026-06-05T11:00:00Z'), CHI, 3 * 3_600_000)).toBeNull();
  });

  it('respects a state without texts on Sunday (Utah): Saturday evening', () => {
    const utah = { zones: ['America/Denver'], state: 'UT' };
    // Sunday June 7 2026 10:00 MDT → Saturday 20:59 MDT, 13 hours back.
    const found = latestAllowedTime('sms', new Date('2026-06-07T16:00:00Z'), utah, 24 * 3_600_000);
    expect(iso(found!)).toBe('2026-06-07T02:59:00.000Z');
  });
});
