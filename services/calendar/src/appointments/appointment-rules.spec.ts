import { AppointmentMessages, checkAppointmentTimes } from './appointment-rules';

describe('checkAppointmentTimes', () => {
  const now = new Date('2030-03-10T14:05:00Z');

  it('accepts a 30-minute slot in the future and returns its times', () => {
    expect(checkAppointmentTimes('2030-03-11T15:00:00.000Z', '2030-03-11T15:30:00.000Z', now)).toEqual({
      start: new Date('2030-03-11T15:00:00Z'),
      end: new Date('2030-03-11T15:30:00Z'),
    });
  });

  it('accepts times with an offset instead of Z', () => {
    const times = checkAppointmentTimes('2030-03-11T10:00:00-05:00', '2030-03-11T10:30:00-05:00', now);
    expect(times).toEqual({ start: new Date('2030-03-11T15:00:00Z'), end: new Date('2030-03-11T15:30:00Z') });
  });

  it('refuses any length other than 30 minutes', () => {
    expect(checkAppointmentTimes('2030-03-11T15:00:00Z', '2030-03-11T16:00:00Z', now)).toEqual({
      problem: AppointmentMessages.length,
    });
    expect(checkAppointmentTimes('2030-03-11T15:00:00Z', '2030-03-11T15:15:00Z', now)).toEqual({
      problem: 'Appointments are 30 minutes long',
    });
  });

  it('refuses an end at or before the start', () => {
    expect(checkAppointmentTimes('2030-03-11T15:00:00Z', '2030-03-11T15:00:00Z', now)).toEqual({
      problem: AppointmentMessages.endBeforeStart,
    });
    expect(checkAppointmentTimes('2030-03-11T15:30:00Z', '2030-03-11T15:00:00Z', now)).toEqual({
      problem: AppointmentMessages.endBeforeStart,
    });
  });

  it('refuses a start in the past, beyond a minute of clock difference', () => {
    expect(checkAppointmentTimes('2030-03-10T13:30:00Z', '2030-03-10T14:00:00Z', now)).toEqual({
      problem: AppointmentMessages.past,
    });
    expect(checkAppointmentTimes('2030-03-10T14:04:30Z', '2030-03-10T14:34:30Z', now)).toHaveProperty(
      'start',
    );
  });

  it('refuses a date without a time or without a zone, and nonsense', () => {
    for (const [start, end] of [
      ['2030-03-11', '2030-03-11'],
      ['2030-03-11T15:00:00', '2030-03-11T15:30:00'],
      ['tomorrow', 'later'],
      ['2030-13-45T15:00:00Z', '2030-13-45T15:30:00Z'],
      // Real dates only: never rolled over to 1 March or the next day.
      ['2032-02-30T10:00Z', '2032-02-30T10:30Z'],
      ['2032-03-01T23:30Z', '2032-03-01T24:00Z'],
      ['0000-01-01T10:00Z', '0000-01-01T10:30Z'],
    ]) {
      expect(checkAppointmentTimes(start, end, now)).toEqual({ problem: AppointmentMessages.invalidTime });
    }
  });
});
