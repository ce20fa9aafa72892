import { completeHours, effectiveHours, inheritsHours, overrideHours, withDay } from './hours';

const custom = {
  monday: { open: '08:00', close: '18:00', closed: false },
  saturday: { open: '10:00', close: '14:00', closed: false },
};

describe('business hours', () => {
  it('fills missing days: 09:00–17:00 on weekdays, closed at the weekend', () => {
    const hours = completeHours(null);
    expect(hours.monday).toEqual({ open: '09:00', close: '17:00', closed: false });
    expect(hours.friday).toEqual({ open: '09:00', close: '17:00', closed: false });
    expect(hours.saturday).toEqual({ open: '09:00', close: '17:00', closed: true });
    expect(hours.sunday.closed).toBe(true);
  });

  it('keeps the stored days and completes the rest', () => {
    const hours = completeHours(custom);
    expect(hours.monday).toEqual(custom.monday);
    expect(hours.saturday).toEqual(custom.saturday);
    expect(hours.tuesday).toEqual({ open: '09:00', close: '17:00', closed: false });
  });

  it('replaces a malformed day part with the default', () => {
    expect(completeHours({ monday: { open: '8am', close: '18:00', closed: 'no' } }).monday).toEqual({
      open: '09:00',
      close: '18:00',
      closed: false,
    });
  });

  it('a secondary with null hours inherits the primary’s; the primary never inherits', () => {
    const primary = { is_primary: true, business_hours: custom };
    const secondary = { is_primary: false, business_hours: null };
    expect(inheritsHours(secondary)).toBe(true);
    expect(inheritsHours(primary)).toBe(false);
    expect(inheritsHours({ is_primary: false, business_hours: custom })).toBe(false);
    expect(effectiveHours(secondary, primary)).toEqual(completeHours(custom));
    expect(effectiveHours(secondary, undefined)).toEqual(completeHours(null));
  });

  it('Override copies the primary’s hours', () => {
    expect(overrideHours({ is_primary: true, business_hours: custom })).toEqual(completeHours(custom));
  });

  it('changes one day only', () => {
    const hours = withDay(completeHours(null), 'sunday', { closed: false, open: '11:00' });
    expect(hours.sunday).toEqual({ open: '11:00', close: '17:00', closed: false });
    expect(hours.monday).toEqual(completeHours(null).monday);
  });
});
