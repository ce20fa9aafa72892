import {
  CANCELLED_CLASS,
  COLOURS,
  DEFAULT_FILTERS,
  eventColours,
  filterAppointments,
  formatPhone,
  ghlContactUrl,
  overview,
  statusOptions,
  toEvent,
} from './calendarRules';
import { anAppointment } from './testKit';

describe('event colours', () => {
  it('paints the practice’s confirmed appointments green, cancelled ones faded green, the others indigo', () => {
    expect(eventColours({ status: 'confirmed', is_editable: true })).toBe(COLOURS.confirmed);
    expect(eventColours({ status: 'cancelled', is_editable: true })).toBe(COLOURS.cancelled);
    expect(eventColours({ status: 'pending', is_editable: true })).toBe(COLOURS.other);
    expect(eventColours({ status: 'no_show', is_editable: true })).toBe(COLOURS.other);
  });

  it('paints external appointments in indigo variants', () => {
    const external = [
      eventColours({ status: 'confirmed', is_editable: false }),
      eventColours({ status: 'cancelled', is_editable: false }),
      eventColours({ status: 'pending', is_editable: false }),
    ];
    expect(new Set(external).size).toBe(3);
    for (const colours of external) expect(Object.values(COLOURS).indexOf(colours)).toBeGreaterThanOrEqual(3);
    expect(COLOURS.confirmed.backgroundColor).not.toBe(COLOURS.externalConfirmed.backgroundColor);
  });
});

describe('appointments as calendar events', () => {
  it('are draggable when editable, never resizable, and carry the appointment', () => {
    const appointment = anAppointment();
    expect(toEvent(appointment)).toMatchObject({
      id: 'apt-1',
      title: 'Botox consultation',
      start: '2026-11-24T09:00:00',
      end: '2026-11-24T09:30:00',
      editable: true,
      startEditable: true,
      durationEditable: false,
      backgroundColor: COLOURS.confirmed.backgroundColor,
      classNames: [],
      extendedProps: { appointment },
    });
  });

  it('are not draggable when external, and struck through when cancelled', () => {
    const event = toEvent(anAppointment({ is_editable: false, status: 'cancelled' }));
    expect(event).toMatchObject({ editable: false, startEditable: false, classNames: [CANCELLED_CLASS] });
  });

  it('cannot be dragged once they have started; later ones can', () => {
    const now = new Date('2026-11-24T15:10:00.000Z');
    expect(toEvent(anAppointment(), { now })).toMatchObject({ editable: false, startEditable: false });
    const later = anAppointment({
      start_time: '2026-11-24T16:00:00.000Z',
      end_time: '2026-11-24T16:30:00.000Z',
    });
    expect(toEvent(later, { now })).toMatchObject({ editable: true, startEditable: true });
  });

  it('are placed at their wall times on the location’s clock, read from the instants when not given', () => {
    const denver = anAppointment({
      start_time: '2026-07-01T16:00:00.000Z',
      end_time: '2026-07-01T16:30:00.000Z',
      start_time_local: '',
      end_time_local: '',
      tz: 'America/Denver',
    });
    expect(toEvent(denver)).toMatchObject({ start: '2026-07-01T10:00:00', end: '2026-07-01T10:30:00' });
    // Without a zone of its own: the practice's.
    expect(toEvent({ ...denver, tz: '' }, { zone: 'America/Chicago' }).start).toBe('2026-07-01T11:00:00');
  });

  it('name their zone when the practice’s locations span zones', () => {
    expect(toEvent(anAppointment(), { labelZone: true }).title).toBe('Botox consultation · CST');
    const summer = anAppointment({ start_time: '2026-07-01T15:00:00.000Z', tz: 'America/Denver' });
    expect(toEvent(summer, { labelZone: true }).title).toBe('Botox consultation · MDT');
  });

  it('show the person’s name when the appointment has no title', () => {
    expect(toEvent(anAppointment({ title: ' ' })).title).toBe('Sofia Marquez');
  });
});

describe('the sidebar filters', () => {
  const list = [
    anAppointment({ appointment_id: 'a', status: 'confirmed', location_id: 'dallas', title: 'Botox' }),
    anAppointment({
      appointment_id: 'b',
      status: 'cancelled',
      location_id: 'austin',
      title: 'Consultation',
      person_name: 'Ann Lee',
    }),
    anAppointment({ appointment_id: 'c', status: 'pending', location_id: 'dallas' }),
    anAppointment({ appointment_id: 'd', status: 'Confirmed', location_id: null, title: 'Filler review' }),
  ];
  const ids = (filters: Partial<typeof DEFAULT_FILTERS>) =>
    filterAppointments(list, { ...DEFAULT_FILTERS, ...filters }).map((item) => item.appointment_id);

  it('show confirmed and cancelled appointments of every location by default', () => {
    expect(ids({})).toEqual(['a', 'b', 'd']);
  });

  it('keep the chosen locations only', () => {
    expect(ids({ locations: ['austin'] })).toEqual(['b']);
    expect(ids({ locations: ['dallas'], statuses: ['confirmed', 'pending'] })).toEqual(['a', 'c']);
  });

  it('keep the chosen statuses only', () => {
    expect(ids({ statuses: ['pending'] })).toEqual(['c']);
    expect(ids({ statuses: [] })).toEqual([]);
  });

  it('search the title and the person’s name, ignoring case', () => {
    expect(ids({ search: 'BOTOX' })).toEqual(['a']);
    expect(ids({ search: 'ann lee' })).toEqual(['b']);
    expect(ids({ search: '  filler ' })).toEqual(['d']);
    expect(ids({ search: 'nobody' })).toEqual([]);
  });

  it('offer the known statuses, then the others the appointments have', () => {
    expect(statusOptions([anAppointment({ status: 'rescheduled' })])).toEqual([
      'confirmed',
      'cancelled',
      'pending',
      'no_show',
      'rescheduled',
    ]);
  });

  it('count the loaded appointments per status for the overview', () => {
    expect(overview(list, 3)).toEqual({
      total: 4,
      shown: 3,
      byStatus: { confirmed: 2, cancelled: 1, pending: 1 },
    });
  });
});

describe('display helpers', () => {
  it('builds the GHL contact link from the location and the contact', () => {
    expect(ghlContactUrl('https://app.gohighlevel.com/', { location_id: 'L1', contact_id: 'C 2' })).toBe(
      'https://app.gohighlevel.com/v2/location/L1/contacts/detail/C%202',
    );
    expect(ghlContactUrl('https://app.gohighlevel.com', { location_id: 'L1', contact_id: null })).toBeNull();
  });

  it('shows 10-digit phones as (xxx) xxx-xxxx', () => {
    expect(formatPhone('2145550131')).toBe('(214) 555-0131');
    expect(formatPhone('+1 214 555 0131')).toBe('(214) 555-0131');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});
