import {
  instantOnClock,
  nowOnClock,
  overlapsRange,
  practiceZone,
  requestDays,
  wallDate,
  wallText,
  wallTimes,
  zonesOf,
} from './clock';
import { anAppointment } from './testKit';

const wall = (text: string) => wallDate(text) as Date;

describe('the calendar’s clock', () => {
  it('reads a dropped wall time as the instant on the location’s clock, across daylight saving time', () => {
    // 10:00 in Chicago is 16:00Z in winter (CST) and 15:00Z in summer (CDT).
    expect(instantOnClock(wall('2026-11-24T10:00:00'), 'America/Chicago').toISOString()).toBe(
      '2026-11-24T16:00:00.000Z',
    );
    expect(instantOnClock(wall('2026-03-09T10:00:00'), 'America/Chicago').toISOString()).toBe(
      '2026-03-09T15:00:00.000Z',
    );
    // The week of the change: Friday before (CST) and Monday after (CDT) at 10:00.
    expect(instantOnClock(wall('2026-03-06T10:00'), 'America/Chicago').toISOString()).toBe(
      '2026-03-06T16:00:00.000Z',
    );
    expect(instantOnClock(wall('2026-11-02T10:00'), 'America/Chicago').toISOString()).toBe(
      '2026-11-02T16:00:00.000Z',
    );
    expect(instantOnClock(wall('2026-07-01T10:00'), 'America/Phoenix').toISOString()).toBe(
      '2026-07-01T17:00:00.000Z',
    );
  });

  it('round-trips an instant through the wall clock of its zone', () => {
    const instant = new Date('2026-03-08T08:30:00.000Z'); // 03:30 CDT, just after the skipped hour
    const text = wallText(instant, 'America/Chicago');
    expect(text).toBe('2026-03-08T03:30:00');
    expect(instantOnClock(wall(text), 'America/Chicago').toISOString()).toBe(instant.toISOString());
  });

  it('takes the server’s local times, else reads the instants on the appointment’s zone, else the fallback', () => {
    expect(wallTimes(anAppointment(), 'UTC')).toEqual({
      start: '2026-11-24T09:00:00',
      end: '2026-11-24T09:30:00',
    });
    const bare = anAppointment({ start_time_local: '', end_time_local: '', tz: '' });
    expect(wallTimes(bare, 'America/New_York')).toEqual({
      start: '2026-11-24T10:00:00',
      end: '2026-11-24T10:30:00',
    });
    expect(wallTimes({ ...bare, tz: 'America/Los_Angeles' }, 'UTC').start).toBe('2026-11-24T07:00:00');
  });

  it('puts today and the now indicator on the practice’s clock', () => {
    const now = new Date('2026-11-25T03:30:00.000Z'); // 21:30 on the 24th in Chicago
    expect(nowOnClock('America/Chicago', now).toISOString()).toBe('2026-11-24T21:30:00.000Z');
    expect(
      practiceZone([
        { is_primary: false, timezone: 'America/Denver' },
        { is_primary: true, timezone: 'America/Chicago' },
      ]),
    ).toBe('America/Chicago');
    expect(practiceZone([{ is_primary: true, timezone: 'Not/AZone' }, { timezone: 'America/Denver' }])).toBe(
      'America/Denver',
    );
    expect(
      zonesOf([{ timezone: 'America/Chicago' }, { timezone: 'America/Chicago' }, { timezone: null }]),
    ).toEqual(['America/Chicago']);
  });

  it('asks for a day more at each end of the visible range and keeps the appointments that overlap it', () => {
    const from = wall('2026-11-22T00:00:00');
    const to = wall('2026-11-29T00:00:00');
    expect(requestDays(from, to)).toEqual({ start: '2026-11-21', end: '2026-11-29' });
    expect(overlapsRange({ start: '2026-11-28T23:30:00', end: '2026-11-29T00:00:00' }, from, to)).toBe(true);
    expect(overlapsRange({ start: '2026-11-29T00:00:00', end: '2026-11-29T00:30:00' }, from, to)).toBe(false);
    expect(overlapsRange({ start: '2026-11-21T23:30:00', end: '2026-11-22T00:00:00' }, from, to)).toBe(false);
    expect(overlapsRange({ start: '2026-11-21T23:30:00', end: '2026-11-22T00:30:00' }, from, to)).toBe(true);
  });
});
