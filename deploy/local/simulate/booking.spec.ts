import { candidateSlots, zonedTime, type BusinessHours } from './booking';
import { seededRandom } from './traffic';

const CHICAGO = 'America/Chicago';
/** The wall-clock weekday and time of an instant in a zone, e.g. 'Wed 09:30'. */
const onClock = (instant: Date, timeZone: string) =>
  instant.toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

describe('zonedTime', () => {
  it('finds the instant a zone’s clock shows a time, either side of daylight saving', () => {
    expect(zonedTime({ year: 2026, month: 11, day: 24 }, 9, 0, CHICAGO).toISOString()).toBe(
      '2026-11-24T15:00:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 7, day: 1 }, 9, 30, CHICAGO).toISOString()).toBe(
      '2026-07-01T14:30:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 3, day: 9 }, 10, 0, CHICAGO).toISOString()).toBe(
      '2026-03-09T15:00:00.000Z',
    );
    expect(zonedTime({ year: 2026, month: 1, day: 5 }, 17, 0, 'America/Los_Angeles').toISOString()).toBe(
      '2026-01-06T01:00:00.000Z',
    );
  });
});

describe('candidateSlots', () => {
  const now = new Date('2026-11-24T18:00:00.000Z'); // Tuesday noon in Chicago
  const hours: BusinessHours = {
    monday: { open: '09:00', close: '18:00', closed: false },
    tuesday: { open: '09:00', close: '18:00', closed: false },
    wednesday: { open: '09:00', close: '18:00', closed: false },
    thursday: { open: '09:00', close: '18:00', closed: false },
    friday: { open: '09:00', close: '18:00', closed: false },
    saturday: { open: '10:00', close: '15:00', closed: false },
    sunday: { open: '09:00', close: '17:00', closed: true },
  };

  it('offers 30-minute starts inside the location’s hours on its own clock, from tomorrow, never on a closed day', () => {
    const slots = candidateSlots(seededRandom(5), now, CHICAGO, hours, { count: 40, days: 14 });
    expect(slots).toHaveLength(40);
    for (const slot of slots) {
      expect(slot.getTime()).toBeGreaterThan(now.getTime() + 12 * 3_600_000);
      const [weekday, time] = onClock(slot, CHICAGO).split(' ');
      expect(weekday).not.toBe('Sun');
      expect(time.endsWith(':00') || time.endsWith(':30')).toBe(true);
      const [open, lastStart] = weekday === 'Sat' ? ['10:00', '14:30'] : ['09:00', '17:30'];
      expect(time >= open && time <= lastStart).toBe(true);
    }
    expect([...slots].sort((a, b) => a.getTime() - b.getTime())).toEqual(slots);
    expect(new Set(slots.map((slot) => slot.getTime())).size).toBe(slots.length);
  });

  it('uses 09:00–17:00 on weekdays for a location without hours, and offers nothing when it is always closed', () => {
    for (const slot of candidateSlots(seededRandom(6), now, CHICAGO, null, { count: 30 })) {
      const [weekday, time] = onClock(slot, CHICAGO).split(' ');
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(weekday);
      expect(time >= '09:00' && time <= '16:30').toBe(true);
    }
    const closed = Object.fromEntries(
      Object.keys(hours!).map((day) => [day, { open: '09:00', close: '17:00', closed: true }]),
    ) as BusinessHours;
    expect(candidateSlots(seededRandom(7), now, CHICAGO, closed)).toEqual([]);
  });
});
