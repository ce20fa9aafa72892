import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { CalendarConfig } from '../config';
import { GHL_CALENDARS_VERSION, ProviderError } from '../integrations/providers';
import { GhlRateLimiter } from './ghl-rate-limiter';

/** HighLevel's API version of the contacts endpoints (its OpenAPI document, apps/contacts.json). */
export const GHL_CONTACTS_VERSION = '2021-07-28';

/** HighLevel's appointment statuses (apps/calendars.json, AppointmentCreateSchema.appointmentStatus). */
export type GhlAppointmentStatus = 'new' | 'confirmed' | 'cancelled' | 'showed' | 'noshow' | 'invalid';

/** An appointment as HighLevel answers it (CalendarEventDTO, AppointmentSchemaResponse, the webhooks' `appointment`). */
export interface GhlAppointment {
  id: string;
  calendarId?: string;
  locationId?: string;
  contactId?: string;
  title?: string;
  appointmentStatus?: string;
  startTime?: string;
  endTime?: string;
  dateAdded?: string;
  dateUpdated?: string;
  address?: string;
  notes?: string;
  description?: string;
}

export interface GhlContact {
  id: string;
  email: string | null;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
}

/** What a push sends for an appointment. */
export interface GhlAppointmentInput {
  calendarId: string;
  title: string;
  startTime: string;
  endTime: string;
  appointmentStatus: GhlAppointmentStatus;
  description?: string;
  address?: string;
}

/** HighLevel answered 429 or 5xx, or could not be reached: the job is retried (after `retryAfterMs` when said). */
export class GhlRetryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The HighLevel calls of the sync (apps/calendars.json, apps/contacts.json): contacts upsert and read,
 * appointments create, edit and list by calendar and time range. Every call takes a slot of the location's
 * rate limit first. 401 is ProviderError 'expired' (withAccessToken refreshes and calls again); 429 and 5xx are
 * GhlRetryable; another refusal is ProviderError 'failed' with the status only (no body: it may echo patient data).
 */
@Injectable()
export class GhlApi {
  constructor(
    @Inject(CONFIG) private readonly config: CalendarConfig,
    private readonly limiter: GhlRateLimiter,
  ) {}

  async upsertContact(
    token: string,
    locationId: string,
    contact: {
      firstName: string | null;
      lastName: string | null;
      email: string | null;
      phone: string | null;
    },
  ): Promise<string> {
    const body: Record<string, unknown> = { locationId, source: 'PracticePilot' };
    if (contact.firstName) body.firstName = contact.firstName;
    if (contact.lastName) body.lastName = contact.lastName;
    if (contact.email) body.email = contact.email;
    if (contact.phone) body.phone = contact.phone;
    const answer = (await this.call(
      token,
      locationId,
      'POST',
      '/contacts/upsert',
      GHL_CONTACTS_VERSION,
      body,
    )) as {
      contact?: { id?: unknown };
    };
    const id = text(answer.contact?.id);
    if (!id) throw new ProviderError('GoHighLevel answered the contact upsert without an id', 'failed');
    return id;
  }

  async contact(token: string, locationId: string, contactId: string): Promise<GhlContact | null> {
    const answer = (await this.call(
      token,
      locationId,
      'GET',
      `/contacts/${encodeURIComponent(contactId)}`,
      GHL_CONTACTS_VERSION,
      undefined,
      true,
    )) as { contact?: Record<string, unknown> } | null;
    const contact = answer?.contact;
    if (!contact || !text(contact.id)) return null;
    return {
      id: text(contact.id) as string,
      email: text(contact.email),
      phone: text(contact.phone),
      firstName: text(contact.firstName),
      lastName: text(contact.lastName),
      name: text(contact.name) ?? text(contact.contactName),
    };
  }

  async createAppointment(
    token: string,
    locationId: string,
    contactId: string,
    input: GhlAppointmentInput,
  ): Promise<GhlAppointment> {
    const answer = await this.call(
      token,
      locationId,
      'POST',
      '/calendars/events/appointments',
      GHL_CALENDARS_VERSION,
      {
        ...input,
        locationId,
        contactId,
        // Our rules (hours, overlaps) were checked here; HighLevel must not refuse a slot its own widget would not offer,
        // nor message the contact for a booking staff made.
        ignoreFreeSlotValidation: true,
        ignoreDateRange: true,
        toNotify: false,
      },
    );
    return this.appointment(answer);
  }

  async updateAppointment(
    token: string,
    locationId: string,
    eventId: string,
    input: GhlAppointmentInput,
  ): Promise<GhlAppointment> {
    const answer = await this.call(
      token,
      locationId,
      'PUT',
      `/calendars/events/appointments/${encodeURIComponent(eventId)}`,
      GHL_CALENDARS_VERSION,
      { ...input, ignoreFreeSlotValidation: true, ignoreDateRange: true, toNotify: false },
    );
    return this.appointment(answer);
  }

  /** The calendar's events from..to (HighLevel takes epoch milliseconds). */
  async events(
    token: string,
    locationId: string,
    calendarId: string,
    from: Date,
    to: Date,
  ): Promise<GhlAppointment[]> {
    const query = new URLSearchParams({
      locationId,
      calendarId,
      startTime: String(from.getTime()),
      endTime: String(to.getTime()),
    });
    const answer = (await this.call(
      token,
      locationId,
      'GET',
      `/calendars/events?${query.toString()}`,
      GHL_CALENDARS_VERSION,
    )) as { events?: unknown };
    if (!Array.isArray(answer.events))
      throw new ProviderError('GoHighLevel answered without an events list', 'failed');
    return answer.events.filter(
      (event: unknown): event is GhlAppointment =>
        typeof event === 'object' && event !== null && typeof (event as { id?: unknown }).id === 'string',
    );
  }

  private appointment(answer: unknown): GhlAppointment {
    const body = (answer ?? {}) as Record<string, unknown>;
    // HighLevel answers the appointment itself; some answers wrap it as `{appointment: …}`.
    const candidate = (
      typeof body.appointment === 'object' && body.appointment !== null ? body.appointment : body
    ) as GhlAppointment | undefined;
    if (!candidate || !text(candidate.id))
      throw new ProviderError('GoHighLevel answered the appointment without an id', 'failed');
    return candidate;
  }

  private async call(
    token: string,
    locationId: string,
    method: string,
    path: string,
    version: string,
    body?: unknown,
    nullOn404 = false,
  ): Promise<unknown> {
    await this.limiter.take(locationId);
    let response: Response;
    try {
      response = await fetch(`${this.config.GHL_API_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          version,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.PROVIDER_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GhlRetryable(`GoHighLevel could not be reached (${(error as Error).name})`, null);
    }
    const route = `${method} ${path.split('?')[0].replace(/\/[^/]+$/, '/…')}`;
    if (response.status === 401)
      throw new ProviderError(`GoHighLevel refused the access token (${route})`, 'expired');
    if (response.status === 429)
      throw new GhlRetryable(
        `GoHighLevel answered 429 (${route})`,
        retryAfterMs(response.headers.get('retry-after')),
      );
    if (response.status >= 500)
      throw new GhlRetryable(`GoHighLevel answered ${response.status} (${route})`, null);
    if (response.status === 404 && nullOn404) return null;
    if (!response.ok) throw new ProviderError(`GoHighLevel answered ${response.status} (${route})`, 'failed');
    return response.json().catch(() => ({}));
  }
}
