import { businessHoursOf, timeZoneOf } from './demo-practice';

describe('businessHoursOf', () => {
  it('opens the days the site names as it says and closes the others', () => {
    const hours = businessHoursOf([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { days: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
    expect(hours).toEqual({
      monday: { open: '09:00', close: '18:00', closed: false },
      tuesday: { open: '09:00', close: '18:00', closed: false },
      wednesday: { open: '09:00', close: '18:00', closed: false },
      thursday: { open: '09:00', close: '18:00', closed: false },
      friday: { open: '09:00', close: '18:00', closed: false },
      saturday: { open: '10:00', close: '16:00', closed: false },
      sunday: { open: '09:00', close: '17:00', closed: true },
    });
  });

  it('keeps the first statement of a day the site states twice', () => {
    const hours = businessHoursOf([
      { days: ['Friday'], opens: '08:00', closes: '14:00' },
      { days: ['Monday', 'Friday'], opens: '09:00', closes: '17:00' },
    ]);
    expect(hours?.friday).toEqual({ open: '08:00', close: '14:00', closed: false });
    expect(hours?.monday).toEqual({ open: '09:00', close: '17:00', closed: false });
  });

  it('is null when the site states no hours', () => {
    expect(businessHoursOf(null)).toBeNull();
    expect(businessHoursOf([])).toBeNull();
  });
});

describe('timeZoneOf', () => {
  it('is the one zone of a local number', () => {
    expect(timeZoneOf(['America/Chicago'])).toBe('America/Chicago');
    expect(timeZoneOf(['America/Chicago', 'America/Chicago'])).toBe('America/Chicago');
  });

  it('is null for a number of several zones or none', () => {
    expect(timeZoneOf(['America/New_York', 'America/Los_Angeles'])).toBeNull();
    expect(timeZoneOf([])).toBeNull();
    expect(timeZoneOf(['Etc/Unknown'])).toBeNull();
    expect(timeZoneOf(null)).toBeNull();
  });
});
