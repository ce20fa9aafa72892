import { randomUUID } from 'node:crypto';
import { Appointment } from '../src/appointments/appointment.entity';
import { Caller, CalendarHarness, startCalendar } from './calendar-harness';

/**
 * The calendar screen's calls against a real calendar (real PostgreSQL, Redis and Kafka): the appointments of a
 * range of days, and moving one (docs/product/calendar.md#calls). Appointments are written straight into the
 * calendar's table, as a booking or a provider sync would leave them; times are in 2030, around the US change
 * to daylight saving time (Sunday 10 March 2030), at a Chicago location.
 */
describe('the calendar: listing and rescheduling appointments', () => {
  let h: CalendarHarness;
  const glow = randomUUID();
  const northside = randomUUID();
  const uptown = randomUUID();
  const northsideLocation = randomUUID();
  let staff: Caller;

  beforeAll(async () => {
    h = await startCalendar('calendar_view');
    staff = h.caller([glow, northside], 'Dana Reyes');
    // Both named 'Uptown Clinic' in America/Chicago, with the default hours (09:00-17:00 weekdays).
    await h.publishLocation('location_created', glow, uptown);
    await h.publishLocation('location_created', northside, northsideLocation);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  /** An appointment as a booking (or, with source 'ghl', a provider sync) leaves it. */
  async function appointment(
    start: string,
    overrides: Partial<Appointment> = {},
    minutes = 30,
  ): Promise<Appointment> {
    const startTime = new Date(start);
    return h.dataSource.getRepository(Appointment).save(
      h.dataSource.getRepository(Appointment).create({
        practice_id: glow,
        location_id: uptown,
        title: 'Botox consultation',
        start_time: startTime,
        end_time: new Date(startTime.getTime() + minutes * 60_000),
        status: 'confirmed',
        is_editable: true,
        source: 'practicepilot',
        person_id: randomUUID(),
        person_name: 'Sofia Marquez',
        person_first_name: 'Sofia',
        person_last_name: 'Marquez',
        person_email: 'sofia.marquez@mail.example',
        person_phone: '+12145550131',
        person_age: 34,
        person_education: [{ degree: 'BA', name: 'UT Austin' }],
        ...overrides,
      }),
    );
  }

  const list = async (caller: Caller, query: Record<string, string>) => {
    const response = await h
      .http()
      .get(`/api/v1/calendar/appointments?${new URLSearchParams(query)}`)
      .set(await caller.headers());
    return { status: response.status, body: response.body };
  };
  const move = async (caller: Caller, id: string, practiceId: string, body: Record<string, unknown>) => {
    const response = await h
      .http()
      .put(`/api/v1/calendar/appointments/${id}?practice_id=${practiceId}`)
      .set(await caller.headers())
      .send(body);
    return { status: response.status, body: response.body };
  };

  describe('GET calendar/appointments', () => {
    let consult: Appointment;
    let external: Appointment;
    let cancelled: Appointment;
    let lateEvening: Appointment;

    beforeAll(async () => {
      // Monday 4 to Wednesday 6 November 2030 in Chicago; the range is read on the practice's clock.
      cancelled = await appointment('2030-11-04T15:00:00Z', { status: 'cancelled', title: 'Filler consult' });
      consult = await appointment('2030-11-05T16:00:00Z');
      external = await appointment('2030-11-06T17:00:00Z', {
        source: 'ghl',
        is_editable: false,
        contact_id: 'ghl-contact-81',
        person_id: null,
        person_name: 'Maya Chen',
        title: 'Laser follow-up',
      });
      // 23:30 on Wednesday in Chicago (05:30 UTC on Thursday): still that Wednesday.
      lateEvening = await appointment('2030-11-07T05:30:00Z', { title: 'Late call' });
      // Midnight starting Thursday on the Chicago clock, and before Monday: outside the range.
      await appointment('2030-11-07T06:00:00Z', { title: 'Thursday' });
      await appointment('2030-11-04T05:30:00Z', { title: 'Sunday night' });
      // Another practice's appointment on the same day.
      await appointment('2030-11-05T16:00:00Z', {
        practice_id: northside,
        location_id: northsideLocation,
        title: 'Not yours',
      });
    });

    it('answers every appointment of the inclusive days on the practice clock, with every field', async () => {
      const response = await list(staff, {
        practice_id: glow,
        start_date: '2030-11-04',
        end_date: '2030-11-06',
      });

      expect(response.status).toBe(200);
      const ids = (response.body.appointments as { appointment_id: string }[]).map((a) => a.appointment_id);
      expect(ids).toEqual([
        cancelled.appointment_id,
        consult.appointment_id,
        external.appointment_id,
        lateEvening.appointment_id,
      ]);
      expect(response.body.appointments[1]).toEqual({
        appointment_id: consult.appointment_id,
        practice_id: glow,
        title: 'Botox consultation',
        start_time: '2030-11-05T16:00:00.000Z',
        end_time: '2030-11-05T16:30:00.000Z',
        start_time_local: '2030-11-05T10:00:00',
        end_time_local: '2030-11-05T10:30:00',
        tz: 'America/Chicago',
        status: 'confirmed',
        is_editable: true,
        location_id: uptown,
        location_name: 'Uptown Clinic',
        source: 'practicepilot',
        contact_id: null,
        person_id: consult.person_id,
        person_name: 'Sofia Marquez',
        person_first_name: 'Sofia',
        person_last_name: 'Marquez',
        person_email: 'sofia.marquez@mail.example',
        person_phone: '+12145550131',
        person_avatar: null,
        person_age: 34,
        person_location: null,
        person_title: null,
        person_organization: null,
        person_education: [{ degree: 'BA', name: 'UT Austin' }],
      });
      expect(response.body.appointments[0]).toMatchObject({ status: 'cancelled', title: 'Filler consult' });
      expect(response.body.appointments[2]).toMatchObject({
        is_editable: false,
        source: 'ghl',
        contact_id: 'ghl-contact-81',
        person_id: null,
        person_name: 'Maya Chen',
      });
      expect(response.body.appointments[3]).toMatchObject({
        start_time_local: '2030-11-06T23:30:00',
        end_time_local: '2030-11-07T00:00:00',
      });
    });

    it('answers an empty list for a range without appointments', async () => {
      expect(
        await list(staff, { practice_id: glow, start_date: '2031-01-01', end_date: '2031-01-31' }),
      ).toEqual({
        status: 200,
        body: { appointments: [] },
      });
    });

    it('refuses missing or invalid dates, an end before the start and more than 62 days', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ practice_id: glow }, 'start_date and end_date are required (YYYY-MM-DD)'],
        [
          { practice_id: glow, start_date: '2030-11-04' },
          'start_date and end_date are required (YYYY-MM-DD)',
        ],
        [
          { practice_id: glow, start_date: '2030-11-04', end_date: '11/06/2030' },
          'start_date and end_date must be dates in the form YYYY-MM-DD',
        ],
        [
          { practice_id: glow, start_date: '2031-02-30', end_date: '2031-03-02' },
          'start_date and end_date must be dates in the form YYYY-MM-DD',
        ],
        [
          { practice_id: glow, start_date: '2030-11-06', end_date: '2030-11-04' },
          'end_date must be on or after start_date',
        ],
        [
          { practice_id: glow, start_date: '2030-11-01', end_date: '2031-01-02' },
          'The date range cannot be longer than 62 days',
        ],
        [{ start_date: '2030-11-04', end_date: '2030-11-06' }, 'practice_id is required'],
      ];
      for (const [query, detail] of cases) {
        expect(await list(staff, query)).toEqual({ status: 422, body: { detail } });
      }
      // 62 days exactly is fine.
      expect(
        (await list(staff, { practice_id: glow, start_date: '2030-11-01', end_date: '2031-01-01' })).status,
      ).toBe(200);
    });

    it("answers 404 for a practice the caller does not belong to, and never shows another practice's rows", async () => {
      expect(
        await list(h.caller([northside]), {
          practice_id: glow,
          start_date: '2030-11-04',
          end_date: '2030-11-06',
        }),
      ).toEqual({ status: 404, body: { detail: 'Practice not found' } });
      const theirs = await list(staff, {
        practice_id: northside,
        start_date: '2030-11-04',
        end_date: '2030-11-06',
      });
      expect(theirs.body.appointments.map((a: { title: string }) => a.title)).toEqual(['Not yours']);
    });

    it('answers 401 without the identity the gateway adds', async () => {
      const response = await h
        .http()
        .get(`/api/v1/calendar/appointments?practice_id=${glow}&start_date=2030-11-04&end_date=2030-11-06`);
      expect(response.status).toBe(401);
    });
  });

  describe('PUT calendar/appointments/{id}', () => {
    it('moves a 10:00 appointment a week across the DST change: still 10:00 on the clinic clock, same length', async () => {
      // Tuesday 5 March 2030 10:00 CST (UTC-6), 45 minutes; to Tuesday 12 March 10:00 CDT (UTC-5).
      const booked = await appointment('2030-03-05T16:00:00Z', {}, 45);
      const response = await move(staff, booked.appointment_id, glow, {
        new_start_time: '2030-03-12T10:00:00-05:00',
      });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        appointment: expect.objectContaining({
          appointment_id: booked.appointment_id,
          start_time: '2030-03-12T15:00:00.000Z',
          end_time: '2030-03-12T15:45:00.000Z',
          start_time_local: '2030-03-12T10:00:00',
          end_time_local: '2030-03-12T10:45:00',
          tz: 'America/Chicago',
          location_name: 'Uptown Clinic',
        }),
      });
      const [stored] = await list(staff, {
        practice_id: glow,
        start_date: '2030-03-12',
        end_date: '2030-03-12',
      }).then((r) => r.body.appointments as { appointment_id: string; start_time_local: string }[]);
      expect(stored).toMatchObject({
        appointment_id: booked.appointment_id,
        start_time_local: '2030-03-12T10:00:00',
      });

      // Announced on calendar.appointments through the outbox, with where it moved from.
      const events = await h.outbox(booked.appointment_id);
      expect(events).toEqual([
        expect.objectContaining({
          type: 'appointment_rescheduled',
          practice_id: glow,
          appointment: expect.objectContaining({
            appointment_id: booked.appointment_id,
            start_time: '2030-03-12T15:00:00.000Z',
            end_time: '2030-03-12T15:45:00.000Z',
          }),
          previous: { start_time: '2030-03-05T16:00:00.000Z', end_time: '2030-03-05T16:45:00.000Z' },
        }),
      ]);
    });

    it('refuses external (read-only) and cancelled appointments with 409, and moves nothing', async () => {
      const external = await appointment('2030-04-02T15:00:00Z', {
        source: 'ghl',
        is_editable: false,
        contact_id: 'ghl-contact-7',
      });
      expect(
        await move(staff, external.appointment_id, glow, { new_start_time: '2030-04-03T15:00:00Z' }),
      ).toEqual({
        status: 409,
        body: { detail: 'This appointment was made outside PracticePilot and cannot be moved here' },
      });
      const cancelled = await appointment('2030-04-02T16:00:00Z', { status: 'cancelled' });
      expect(
        await move(staff, cancelled.appointment_id, glow, { new_start_time: '2030-04-03T15:00:00Z' }),
      ).toEqual({ status: 409, body: { detail: 'A cancelled appointment cannot be moved' } });
      const rows = await h.dataSource
        .getRepository(Appointment)
        .findBy([{ appointment_id: external.appointment_id }, { appointment_id: cancelled.appointment_id }]);
      expect(rows.map((row) => row.start_time.toISOString()).sort()).toEqual([
        '2030-04-02T15:00:00.000Z',
        '2030-04-02T16:00:00.000Z',
      ]);
      expect(await h.outbox(external.appointment_id)).toEqual([]);
    });

    it('refuses an overlap with another appointment at the location, naming its time; a cancelled one does not block', async () => {
      // Wednesday 8 May 2030, Chicago (CDT): 11:00-11:30 taken, 13:00 cancelled.
      await appointment('2030-05-08T16:00:00Z', { title: 'Taken' });
      await appointment('2030-05-08T18:00:00Z', { status: 'cancelled' });
      const moving = await appointment('2030-05-07T16:00:00Z');

      expect(
        await move(staff, moving.appointment_id, glow, { new_start_time: '2030-05-08T15:45:00Z' }),
      ).toEqual({
        status: 409,
        body: {
          detail:
            'Another appointment is already booked at this location from Wed, May 8, 11:00 AM to 11:30 AM',
        },
      });
      // Back to back is fine, and so is a cancelled appointment's slot.
      expect(
        (await move(staff, moving.appointment_id, glow, { new_start_time: '2030-05-08T16:30:00Z' })).status,
      ).toBe(200);
      expect(
        (await move(staff, moving.appointment_id, glow, { new_start_time: '2030-05-08T18:00:00Z' })).status,
      ).toBe(200);
      // An appointment at another practice's location at that time does not count either.
      await appointment('2030-05-08T20:00:00Z', { practice_id: northside, location_id: northsideLocation });
      expect(
        (await move(staff, moving.appointment_id, glow, { new_start_time: '2030-05-08T20:00:00Z' })).status,
      ).toBe(200);
    });

    it("refuses a time outside the location's business hours unless staff confirm it", async () => {
      const booked = await appointment('2030-06-04T15:00:00Z');
      // Saturday 8 June 2030 10:00 CDT, and Tuesday 4 June 17:45: both outside 09:00-17:00 weekdays.
      for (const new_start_time of ['2030-06-08T15:00:00Z', '2030-06-04T22:45:00Z']) {
        expect(await move(staff, booked.appointment_id, glow, { new_start_time })).toEqual({
          status: 422,
          body: {
            detail:
              "The new time is outside the location's business hours. Confirm to move the appointment anyway.",
          },
        });
      }
      const confirmed = await move(staff, booked.appointment_id, glow, {
        new_start_time: '2030-06-08T15:00:00Z',
        confirm_outside_hours: true,
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.appointment.start_time_local).toBe('2030-06-08T10:00:00');
    });

    it('refuses invalid times, the past and a bad body with 422', async () => {
      const booked = await appointment('2030-07-02T15:00:00Z');
      const cases: [Record<string, unknown>, string][] = [
        [
          { new_start_time: '2030-07-03T10:00:00' },
          'new_start_time must be an ISO 8601 date-time with a time zone',
        ],
        [
          { new_start_time: '2031-02-30T15:00:00Z' },
          'new_start_time must be an ISO 8601 date-time with a time zone',
        ],
        [{ new_start_time: 'next tuesday' }, 'new_start_time must be an ISO 8601 date-time with a time zone'],
        [{ new_start_time: '2020-07-07T15:00:00Z' }, 'The appointment cannot be moved into the past'],
        [{}, 'new_start_time is required'],
        [
          { new_start_time: '2030-07-03T15:00:00Z', confirm_outside_hours: 'yes' },
          'confirm_outside_hours must be true or false',
        ],
      ];
      for (const [body, detail] of cases) {
        expect(await move(staff, booked.appointment_id, glow, body)).toEqual({
          status: 422,
          body: { detail },
        });
      }
      expect(await h.outbox(booked.appointment_id)).toEqual([]);
    });

    it("answers 404 for another practice's appointment, an unknown id, or a practice the caller does not belong to", async () => {
      const theirs = await appointment('2030-07-09T15:00:00Z', {
        practice_id: northside,
        location_id: northsideLocation,
      });
      const body = { new_start_time: '2030-07-10T15:00:00Z' };
      // The caller belongs to both practices, but the appointment is not this practice's.
      expect(await move(staff, theirs.appointment_id, glow, body)).toEqual({
        status: 404,
        body: { detail: 'Appointment not found' },
      });
      expect(await move(staff, randomUUID(), glow, body)).toEqual({
        status: 404,
        body: { detail: 'Appointment not found' },
      });
      expect(await move(staff, 'not-an-id', glow, body)).toEqual({
        status: 404,
        body: { detail: 'Appointment not found' },
      });
      expect(await move(h.caller([glow]), theirs.appointment_id, northside, body)).toEqual({
        status: 404,
        body: { detail: 'Practice not found' },
      });
      const [row] = await h.dataSource
        .getRepository(Appointment)
        .findBy({ appointment_id: theirs.appointment_id });
      expect(row.start_time.toISOString()).toBe('2030-07-09T15:00:00.000Z');
    });
  });
});
