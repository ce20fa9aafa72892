import { dateTimeOn, timeOn, zoneOfAppointment, zoneOfLocation } from './practiceClock';

const LOCATIONS = [
  { location_id: 'loc-dallas', name: 'Dallas', timezone: 'America/Chicago' },
  { location_id: 'loc-denver', name: 'Denver', timezone: 'America/Denver' },
];

describe("times on the practice's clock", () => {
  const at = '2026-11-30T16:30:00.000Z';

  it("reads an instant on the location's clock, naming the zone when the browser's is another", () => {
    expect(dateTimeOn(at, 'America/Chicago', { browser: 'Europe/Berlin' })).toBe('Nov 30, 10:30 AM CST');
    expect(timeOn(at, 'America/Chicago', 'Europe/Berlin')).toBe('10:30 AM CST');
  });

  it('leaves the zone out when the browser is on the same clock', () => {
    expect(dateTimeOn(at, 'America/Chicago', { browser: 'America/Chicago' })).toBe('Nov 30, 10:30 AM');
    expect(dateTimeOn(at, 'America/Chicago', { browser: 'Europe/Berlin', named: false })).toBe(
      'Nov 30, 10:30 AM',
    );
  });

  it('is empty for anything that is not a date', () => {
    expect(dateTimeOn(null, 'America/Chicago')).toBe('');
    expect(dateTimeOn('soon', 'America/Chicago')).toBe('');
  });

  it("takes the appointment's location by id or name, else the practice's zone", () => {
    expect(zoneOfLocation('Denver', LOCATIONS, 'America/Chicago')).toBe('America/Denver');
    expect(zoneOfLocation('loc-denver', LOCATIONS, 'America/Chicago')).toBe('America/Denver');
    expect(zoneOfLocation('Austin', LOCATIONS, 'America/Chicago')).toBe('America/Chicago');
    expect(zoneOfLocation(undefined, LOCATIONS, 'America/New_York')).toBe('America/New_York');
  });

  it("prefers the zone the calendar sent with the appointment, then its location's id, then its name", () => {
    const practice = 'America/New_York';
    expect(
      zoneOfAppointment({ tz: 'America/Los_Angeles', location_id: 'loc-denver' }, LOCATIONS, practice),
    ).toBe('America/Los_Angeles');
    expect(zoneOfAppointment({ tz: 'Mars/Olympus', location_id: 'loc-denver' }, LOCATIONS, practice)).toBe(
      'America/Denver',
    );
    expect(zoneOfAppointment({ location_id: 'loc-dallas', location: 'Denver' }, LOCATIONS, practice)).toBe(
      'America/Chicago',
    );
    expect(zoneOfAppointment({ location_id: null, location: 'Denver' }, LOCATIONS, practice)).toBe(
      'America/Denver',
    );
    expect(zoneOfAppointment({}, LOCATIONS, practice)).toBe(practice);
  });
});
