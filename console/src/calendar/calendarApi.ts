import type {
  AppointmentDto,
  AppointmentListResponse,
  RescheduleAppointmentRequest,
  RescheduleAppointmentResponse,
} from '@pp/contracts';
import { HttpError } from 'react-admin';
import { serverDetail } from '../common/errorText';
import { en } from '../i18n/en';
import { API_URL, detailOf, httpClient, isAuthError } from '../providers/http';
import { getAccessToken } from '../providers/storage';

const texts = en.pp.calendar.errors;

/**
 * The calendar's calls (docs/product/calendar.md#calls, #errors). Every call carries the bearer token; without
 * one it fails with 'No authentication token found'. A 401/403 becomes 'Unauthorized or Forbidden. Please login
 * again.' (the page's query then signs out through react-admin, which removes the stored token).
 */
function requireToken() {
  if (!getAccessToken()) throw new HttpError(texts.no_token, 401, { detail: texts.no_token });
}

function unauthorized(error: unknown): HttpError {
  const status = (error as { status: number }).status;
  return new HttpError(en.pp.auth.unauthorized, status, { detail: en.pp.auth.unauthorized });
}

/** `{appointments: [...]}` or a bare list; anything else is no appointments. */
export function appointmentsOf(json: unknown): AppointmentDto[] {
  const list = Array.isArray(json) ? json : (json as Partial<AppointmentListResponse> | null)?.appointments;
  if (!Array.isArray(list)) return [];
  // is_editable defaults to true (docs/product/calendar.md#appointment).
  return list.map((appointment: AppointmentDto) => ({
    ...appointment,
    is_editable: appointment.is_editable !== false,
  }));
}

/**
 * The server's detail when a move lands outside the location's business hours and was not confirmed
 * (docs/product/calendar.md#what-the-server-checks): the console then asks staff to confirm.
 */
export const OUTSIDE_HOURS_DETAIL =
  "The new time is outside the location's business hours. Confirm to move the appointment anyway.";

/** A refused reschedule: its message (docs/product/calendar.md#errors), the HTTP status and the server's detail. */
export class RescheduleError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(message);
    this.name = 'RescheduleError';
  }

  /** Whether staff may confirm the move anyway: a 422 saying the time is outside the business hours. */
  get outsideHours(): boolean {
    return this.status === 422 && this.detail === OUTSIDE_HOURS_DETAIL;
  }
}

/** Whether a failure is the outside-hours refusal staff may confirm. */
export const isOutsideHours = (error: unknown): boolean =>
  error instanceof RescheduleError && error.outsideHours;

/** The reschedule failure's message: the server's detail, else 'Unknown error', else 'HTTP {status}'. */
export function rescheduleErrorMessage(status: number, json: unknown): string {
  const detail = detailOf(json);
  if (detail) return detail;
  if (json && typeof json === 'object') return texts.unknown;
  return texts.http.replace('%{status}', String(status));
}

export const calendarApi = {
  /** `GET /calendar/appointments?practice_id&start_date&end_date` (yyyy-mm-dd). */
  async appointments(practiceId: string, startDate: string, endDate: string, signal?: AbortSignal) {
    requireToken();
    const query = new URLSearchParams({ practice_id: practiceId, start_date: startDate, end_date: endDate });
    try {
      const { json } = await httpClient(`${API_URL}/calendar/appointments?${query}`, { signal });
      return appointmentsOf(json);
    } catch (error) {
      if (isAuthError(error)) throw unauthorized(error);
      if ((error as Error).name === 'AbortError') throw error;
      // The product's words, with the server's reason (or the console's timeout) kept for the page to show.
      throw Object.assign(new Error(texts.fetch_appointments), { detail: serverDetail(error) });
    }
  },

  /**
   * `PUT /calendar/appointments/{id}?practice_id` with `{new_start_time}` (and `confirm_outside_hours: true` once
   * staff confirmed a time outside the business hours). Resolves when the server did not say `success: false`;
   * rejects otherwise with a RescheduleError whose message is that of docs/product/calendar.md#errors.
   */
  async reschedule(
    practiceId: string,
    appointmentId: string,
    newStartTime: string,
    confirmOutsideHours = false,
  ): Promise<void> {
    requireToken();
    const body: RescheduleAppointmentRequest = confirmOutsideHours
      ? { new_start_time: newStartTime, confirm_outside_hours: true }
      : { new_start_time: newStartTime };
    const url = `${API_URL}/calendar/appointments/${encodeURIComponent(appointmentId)}?${new URLSearchParams({ practice_id: practiceId })}`;
    let json: unknown;
    try {
      json = (await httpClient<RescheduleAppointmentResponse>(url, { method: 'PUT', body })).json;
    } catch (error) {
      if (isAuthError(error)) throw unauthorized(error);
      const failure = error as { status?: number; body?: unknown };
      const status = failure.status ?? 0;
      const answer = failure.body ?? null;
      throw new RescheduleError(rescheduleErrorMessage(status, answer), status, detailOf(answer) || null);
    }
    if ((json as Partial<RescheduleAppointmentResponse> | null)?.success === false) {
      throw new RescheduleError(rescheduleErrorMessage(200, json), 200, detailOf(json) || null);
    }
  },
};
