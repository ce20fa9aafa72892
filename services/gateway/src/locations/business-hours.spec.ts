import { defaultBusinessHours, parseBusinessHours } from './business-hours';

describe('business hours', () => {
  it('defaults to 09:00-17:00 on weekdays with weekends closed', () => {
    const hours = defaultBusinessHours();
    expect(hours.monday).toEqual({ open: '09:00', close: '17:00', closed: false });
    expect(hours.friday.closed).toBe(false);
    expect(hours.saturday.closed).toBe(true);
    expect(hours.sunday.closed).toBe(true);
  });

  it('fills missing days with the defaults', () => {
    const result = parseBusinessHours({ monday: { open: '08:00', close: '18:30', closed: false } });
    expect(result).toEqual({
      hours: { ...defaultBusinessHours(), monday: { open: '08:00', close: '18:30', closed: false } },
    });
  });

  it.each([
    [[], 'business_hours must be an object keyed by weekday, or null'],
    [{ funday: {} }, "business_hours has an unknown day 'funday'"],
    [{ monday: { open: '9:00', close: '17:00', closed: false } }, 'business_hours.monday.open must be HH:MM'],
    [
      { monday: { open: '09:00', close: '24:00', closed: false } },
      'business_hours.monday.close must be HH:MM',
    ],
    [{ monday: { open: '09:00', close: '17:00' } }, 'business_hours.monday.closed must be true or false'],
    [
      { monday: { open: '17:00', close: '09:00', closed: false } },
      'business_hours.monday: closing time must be after opening time',
    ],
  ])('rejects %j', (input, error) => {
    expect(parseBusinessHours(input)).toEqual({ error });
  });

  it('accepts inverted times on a closed day', () => {
    expect(parseBusinessHours({ sunday: { open: '00:00', close: '00:00', closed: true } })).toHaveProperty(
      'hours',
    );
  });
});
