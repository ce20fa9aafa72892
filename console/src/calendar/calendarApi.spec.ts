import type { AppointmentDto } from '@pp/contracts';
import { setAccessToken } from '../providers/storage';
import {
  calendarApi,
  isOutsideHours,
  OUTSIDE_HOURS_DETAIL,
  RescheduleError,
  rescheduleErrorMessage,
} from './calendarApi';
import { anAppointment } from './testKit';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  setAccessToken('token-1');
});
const reply = (body: unknown, status = 200) =>
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? '' : JSON.stringify(body), { status }));

describe('GET appointments', () => {
  it('asks for the range with the bearer token and reads {appointments}', async () => {
    reply({ appointments: [anAppointment()] });
    const list = await calendarApi.appointments('p-glow', '2026-11-01', '2026-12-06');
    expect(list.map((item) => item.appointment_id)).toEqual(['apt-1']);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(
      '/api/v1/calendar/appointments?practice_id=p-glow&start_date=2026-11-01&end_date=2026-12-06',
    );
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('reads a bare list too, and makes is_editable true unless false', async () => {
    const withoutFlag: Partial<AppointmentDto> = anAppointment();
    delete withoutFlag.is_editable;
    reply([withoutFlag, anAppointment({ appointment_id: 'ext', is_editable: false })]);
    const list = await calendarApi.appointments('p-glow', '2026-11-01', '2026-12-06');
    expect(list.map((item) => item.is_editable)).toEqual([true, false]);
  });

  it('fails with "No authentication token found" without a token, calling nothing', async () => {
    setAccessToken(null);
    await expect(calendarApi.appointments('p-glow', 'a', 'b')).rejects.toThrow(
      'No authentication token found',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns 401 and 403 into "Unauthorized or Forbidden. Please login again."', async () => {
    reply({ detail: 'expired' }, 401);
    await expect(calendarApi.appointments('p-glow', 'a', 'b')).rejects.toMatchObject({
      message: 'Unauthorized or Forbidden. Please login again.',
      status: 401,
    });
    reply({ detail: 'not yours' }, 403);
    await expect(calendarApi.appointments('p-glow', 'a', 'b')).rejects.toMatchObject({ status: 403 });
  });

  it('says "Failed to fetch appointments" on other failures, keeping the server\'s reason', async () => {
    reply({ detail: 'boom' }, 500);
    await expect(calendarApi.appointments('p-glow', 'a', 'b')).rejects.toThrow(
      'Failed to fetch appointments',
    );
    reply({ detail: 'boom' }, 500);
    await expect(calendarApi.appointments('p-glow', 'a', 'b')).rejects.toMatchObject({ detail: 'boom' });
  });
});

describe('PUT reschedule', () => {
  it('sends {new_start_time} for the practice and succeeds unless success is false', async () => {
    reply({ success: true });
    await calendarApi.reschedule('p-glow', 'apt 1', '2026-11-25T16:00:00.000Z');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/calendar/appointments/apt%201?practice_id=p-glow');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ new_start_time: '2026-11-25T16:00:00.000Z' });
    reply({});
    await expect(calendarApi.reschedule('p-glow', 'apt-1', 'x')).resolves.toBeUndefined();
  });

  it('fails with the detail, else "Unknown error", else "HTTP {status}"', async () => {
    reply({ detail: 'Slot taken' }, 409);
    await expect(calendarApi.reschedule('p-glow', 'apt-1', 'x')).rejects.toThrow('Slot taken');
    reply({ success: false }, 200);
    await expect(calendarApi.reschedule('p-glow', 'apt-1', 'x')).rejects.toThrow('Unknown error');
    reply(undefined, 502);
    await expect(calendarApi.reschedule('p-glow', 'apt-1', 'x')).rejects.toThrow('HTTP 502');
    expect(rescheduleErrorMessage(500, null)).toBe('HTTP 500');
  });

  it('sends confirm_outside_hours once staff confirmed, and tells the outside-hours refusal from the others', async () => {
    reply({ success: true });
    await calendarApi.reschedule('p-glow', 'apt-1', '2026-11-25T02:00:00.000Z', true);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      new_start_time: '2026-11-25T02:00:00.000Z',
      confirm_outside_hours: true,
    });
    reply({ detail: OUTSIDE_HOURS_DETAIL }, 422);
    const outside = await calendarApi.reschedule('p-glow', 'apt-1', 'x').catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(RescheduleError);
    expect(outside).toMatchObject({
      status: 422,
      detail: OUTSIDE_HOURS_DETAIL,
      message: OUTSIDE_HOURS_DETAIL,
    });
    expect(isOutsideHours(outside)).toBe(true);
    reply({ detail: 'The appointment cannot be moved into the past' }, 422);
    const past = await calendarApi.reschedule('p-glow', 'apt-1', 'x').catch((error: unknown) => error);
    expect(isOutsideHours(past)).toBe(false);
    reply({ detail: OUTSIDE_HOURS_DETAIL }, 409);
    const conflict = await calendarApi.reschedule('p-glow', 'apt-1', 'x').catch((error: unknown) => error);
    expect(isOutsideHours(conflict)).toBe(false);
    expect(isOutsideHours(new Error(OUTSIDE_HOURS_DETAIL))).toBe(false);
  });
});
