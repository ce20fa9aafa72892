import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback speaking the GoHighLevel (HighLevel API v2) calls a calendar integration
 * makes, as HighLevel's OpenAPI documents (the GoHighLevel/highlevel-api-docs repository: its apps/oauth.json,
 * apps/calendars.json and OAuth authorization guide):
 * - `GET /v2/oauth/chooselocation` (and `/oauth/chooselocation`): the marketplace's consent page; the user picks
 *   the peer's location at once and is sent to `redirect_uri?code=…` (with `state` as given), or
 *   `error=access_denied` when told to deny;
 * - `POST /oauth/token`, form-encoded `client_id`, `client_secret`, `grant_type` (`authorization_code` with
 *   `code` and `redirect_uri`, or `refresh_token` with `refresh_token`), `user_type`: answers `access_token`,
 *   `token_type`, `expires_in`, `refresh_token` (rotated on refresh), `scope`, `userType`, `locationId`,
 *   `companyId`, `userId`; a wrong client is 401 `invalid_client`, a used or unknown code or refresh token 400
 *   `invalid_grant`;
 * - `GET /calendars/?locationId=` with `Authorization: Bearer` and `Version: 2021-04-15`: `{calendars: […]}`
 *   (`id`, `locationId`, `name`, `description`, `isActive`); an expired, unknown or other location's token is
 *   401 `{statusCode, message, error}`, a missing Version header 400;
 * - the sync's calls, on an in-memory store of contacts and appointments per location (apps/contacts.json,
 *   apps/calendars.json): `POST /contacts/upsert` and `GET /contacts/{id}` (`Version: 2021-07-28`),
 *   `POST /calendars/events/appointments`, `PUT /calendars/events/appointments/{eventId}`,
 *   `GET /calendars/events?locationId&calendarId&startTime&endTime` (epoch ms) and `DELETE /calendars/events/{eventId}`
 *   (`Version: 2021-04-15`), each with the Bearer check above; over `rateLimit` requests per window for a location
 *   (or when told to) it answers 429 with `Retry-After`, as HighLevel does;
 * - webhooks: `sendWebhook` posts `AppointmentCreate/Update/Delete` to a URL, signed as HighLevel signs them
 *   (`x-wh-signature`: base64 RSA-SHA256 of the raw body) with the peer's own key pair, whose public key
 *   `webhookPublicKey` is given to the service as GHL_WEBHOOK_PUBLIC_KEY.
 */
export interface GhlPeerOptions {
  clientId: string;
  clientSecret: string;
  /** The sub-account (location) the consenting user picks. */
  locationId: string;
  /** Access-token lifetime in seconds (default 86399, HighLevel's day). */
  accessTokenSeconds?: number;
  calendars?: { id: string; name: string; description?: string }[];
  /** At most this many API requests per `rateWindowMs` (default 10 s) per location, else 429 (default: no limit). */
  rateLimit?: number;
  rateWindowMs?: number;
}

/** A contact as the peer keeps it (HighLevel's contact fields the sync uses). */
export interface GhlPeerContact {
  id: string;
  locationId: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** An appointment as the peer keeps it and answers it (HighLevel's CalendarEventDTO fields). */
export interface GhlPeerAppointment {
  id: string;
  locationId: string;
  calendarId: string;
  contactId: string;
  title: string;
  appointmentStatus: string;
  startTime: string;
  endTime: string;
  address?: string;
  notes?: string;
  dateAdded: string;
  dateUpdated: string;
}

export type GhlWebhookType = 'AppointmentCreate' | 'AppointmentUpdate' | 'AppointmentDelete';

export interface GhlWebhookOptions {
  /** 'none': no x-wh-signature; 'bad': signed by another key; 'tampered': the body changed after signing. */
  signature?: 'valid' | 'none' | 'bad' | 'tampered';
  webhookId?: string;
  timestamp?: string;
}

export interface GhlPeer {
  url: string;
  /** The peer's endpoints under the calendar service's setting names. */
  env(): Record<string, string>;
  /** Follows an authorization URL as the browser would and returns where the marketplace sends it back. */
  consent(authorizationUrl: string): Promise<URL>;
  /** The next consent is refused by the user (`error=access_denied`). */
  denyNextConsent(): void;
  /** Every access token issued so far stops working (401), as a day-old HighLevel token does. */
  expireAccessTokens(): void;
  /** The location uninstalls the app: refresh tokens answer invalid_grant, access tokens 401. */
  revokeAll(): void;
  /** The grant types the token endpoint served, in order. */
  grants: string[];
  /** The Bearer tokens the calendars endpoint accepted, in order. */
  calendarCalls: string[];
  setCalendars(calendars: { id: string; name: string; description?: string }[]): void;
  /** The public key (PEM) of the peer's webhook signatures: the service's GHL_WEBHOOK_PUBLIC_KEY. */
  webhookPublicKey: string;
  /** The location's appointments and contacts as the peer holds them. */
  appointments(): GhlPeerAppointment[];
  contacts(): GhlPeerContact[];
  /** Staff of the practice act in GoHighLevel: a contact, a booking, an edit, a deletion (no webhook is sent). */
  addContact(contact: Omit<GhlPeerContact, 'id' | 'locationId'>): GhlPeerContact;
  bookOnGhl(
    appointment: Pick<GhlPeerAppointment, 'calendarId' | 'contactId' | 'title' | 'startTime' | 'endTime'> &
      Partial<Pick<GhlPeerAppointment, 'appointmentStatus'>>,
  ): GhlPeerAppointment;
  editOnGhl(
    id: string,
    changes: Partial<Pick<GhlPeerAppointment, 'startTime' | 'endTime' | 'appointmentStatus' | 'title'>>,
  ): GhlPeerAppointment;
  deleteOnGhl(id: string): GhlPeerAppointment;
  /** Posts a signed webhook about the appointment to `url`; answers the HTTP status. */
  sendWebhook(
    url: string,
    type: GhlWebhookType,
    appointment: GhlPeerAppointment,
    options?: GhlWebhookOptions,
  ): Promise<{ status: number; body: unknown; webhookId: string }>;
  /** The next `count` API requests answer 429 with `Retry-After: seconds`. */
  throttleNext(count: number, seconds?: number): void;
  /** How many API requests were answered 429. */
  throttled(): number;
  /** Every sync API request served, as `METHOD /path` (no query), in order. */
  apiCalls: string[];
  close(): Promise<void>;
}

export const GHL_CALENDARS_API_VERSION = '2021-04-15';

export async function startGhlPeer(options: GhlPeerOptions): Promise<GhlPeer> {
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Map<string, { expired: boolean }>();
  const grants: string[] = [];
  const calendarCalls: string[] = [];
  let calendars = options.calendars ?? [
    { id: 'cal-main', name: 'Main Consults', description: 'Consultations at the main office' },
    { id: 'cal-uptown', name: 'Uptown Consults' },
  ];
  let denyNext = false;
  const token = () => randomBytes(24).toString('base64url');
  const ghlId = () => randomBytes(15).toString('base64url').replace(/[-_]/g, 'x').slice(0, 20);
  const contacts = new Map<string, GhlPeerContact>();
  const appointments = new Map<string, GhlPeerAppointment>();
  const apiCalls: string[] = [];
  const windows = new Map<string, { started: number; count: number }>();
  let forced429 = { count: 0, seconds: 1 };
  let throttledCount = 0;
  const { privateKey: webhookKey, publicKey: webhookPublic } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
  });
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const webhookPublicKey = webhookPublic.export({ format: 'pem', type: 'spki' }).toString();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const unauthorized = (response: ServerResponse, message: string) =>
    json(response, 401, { statusCode: 401, message, error: 'Unauthorized' });

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const issue = () => {
    const access = `ghl-at-${token()}`;
    const refresh = `ghl-rt-${token()}`;
    accessTokens.set(access, { expired: false });
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: options.accessTokenSeconds ?? 86399,
      refresh_token: refresh,
      scope: 'calendars.readonly calendars.write calendars/events.readonly calendars/events.write',
      userType: 'Location',
      locationId: options.locationId,
      companyId: 'peer-company',
      userId: 'peer-user',
    };
  };

  const chooseLocation = (url: URL, response: ServerResponse) => {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== options.clientId || !redirectUri)
      return json(response, 400, { error: 'invalid_request' });
    if (url.searchParams.get('response_type') !== 'code')
      return json(response, 400, { error: 'unsupported_response_type' });
    const back = new URL(redirectUri);
    const state = url.searchParams.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = token();
      codes.set(code, { redirectUri, used: false });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
  };

  const tokenEndpoint = async (request: IncomingMessage, response: ServerResponse) => {
    if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return json(response, 400, { error: 'invalid_request' });
    const form = new URLSearchParams(await readBody(request));
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
      return json(response, 401, { error: 'invalid_client' });
    const grant = form.get('grant_type') ?? '';
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
        return json(response, 400, { error: 'invalid_grant' });
      code.used = true;
    } else if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!refreshTokens.delete(refresh)) return json(response, 400, { error: 'invalid_grant' });
    } else return json(response, 400, { error: 'unsupported_grant_type' });
    grants.push(grant);
    json(response, 200, issue());
  };

  const calendarsEndpoint = (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    const access = accessTokens.get(bearer);
    if (!access || access.expired) return unauthorized(response, 'Invalid JWT');
    if (request.headers.version !== GHL_CALENDARS_API_VERSION)
      return json(response, 400, { statusCode: 400, message: 'Version header is required' });
    const locationId = url.searchParams.get('locationId');
    if (!locationId)
      return json(response, 422, { statusCode: 422, message: ['locationId should not be empty'] });
    if (locationId !== options.locationId)
      return unauthorized(response, 'The token is not authorized for this scope.');
    calendarCalls.push(bearer);
    json(response, 200, {
      calendars: calendars.map((calendar) => ({
        id: calendar.id,
        locationId,
        name: calendar.name,
        description: calendar.description ?? '',
        isActive: true,
        calendarType: 'event',
      })),
    });
  };

  const CONTACTS_VERSION = '2021-07-28';
  const nowIso = () => new Date().toISOString();

  /** The Bearer check, the Version header and the location's rate limit; null when the request may go on. */
  const gate = (request: IncomingMessage, response: ServerResponse, version: string): boolean => {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    const access = accessTokens.get(bearer);
    if (!access || access.expired) {
      unauthorized(response, 'Invalid JWT');
      return false;
    }
    if (request.headers.version !== version) {
      json(response, 400, { statusCode: 400, message: 'Version header is required' });
      return false;
    }
    const tooMany = (seconds: number) => {
      throttledCount += 1;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(seconds) });
      response.end(JSON.stringify({ statusCode: 429, message: 'Too Many Requests' }));
      return false;
    };
    if (forced429.count > 0) {
      forced429.count -= 1;
      return tooMany(forced429.seconds);
    }
    if (options.rateLimit !== undefined) {
      const windowMs = options.rateWindowMs ?? 10_000;
      const now = Date.now();
      const current = windows.get(options.locationId);
      if (!current || now - current.started >= windowMs)
        windows.set(options.locationId, { started: now, count: 1 });
      else if (++current.count > options.rateLimit)
        return tooMany(Math.max(1, Math.ceil((current.started + windowMs - now) / 1000)));
    }
    return true;
  };

  const readJson = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
    try {
      const parsed: unknown = JSON.parse(await readBody(request));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

  const upsertContact = (
    fields: Omit<GhlPeerContact, 'id' | 'locationId'>,
  ): { contact: GhlPeerContact; created: boolean } => {
    const email = fields.email?.toLowerCase() ?? null;
    const existing = [...contacts.values()].find(
      (contact) => (email && contact.email === email) || (fields.phone && contact.phone === fields.phone),
    );
    if (existing) {
      Object.assign(
        existing,
        Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)),
      );
      return { contact: existing, created: false };
    }
    const contact: GhlPeerContact = { ...fields, email, id: ghlId(), locationId: options.locationId };
    contacts.set(contact.id, contact);
    return { contact, created: true };
  };

  const validTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

  const syncApi = async (request: IncomingMessage, url: URL, response: ServerResponse): Promise<boolean> => {
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const contactMatch = /^\/contacts\/([^/]+)$/.exec(path);
    const appointmentMatch = /^\/calendars\/events\/appointments\/([^/]+)$/.exec(path);
    const eventMatch = /^\/calendars\/events\/([^/]+)$/.exec(path);
    const route = `${method} ${path}`;
    const known =
      route === 'POST /contacts/upsert' ||
      (method === 'GET' && contactMatch) ||
      route === 'POST /calendars/events/appointments' ||
      (method === 'PUT' && appointmentMatch) ||
      route === 'GET /calendars/events' ||
      (method === 'DELETE' && eventMatch && !appointmentMatch);
    if (!known) return false;
    const isContacts = path.startsWith('/contacts');
    if (!gate(request, response, isContacts ? CONTACTS_VERSION : GHL_CALENDARS_API_VERSION)) return true;
    apiCalls.push(route.replace(/\/(?!appointments$|upsert$|events$)[^/]+$/, '/{id}'));
    if (route === 'POST /contacts/upsert') {
      const body = await readJson(request);
      if (body.locationId !== options.locationId)
        return (unauthorized(response, 'The token is not authorized for this scope.'), true);
      const { contact, created } = upsertContact({
        firstName: str(body.firstName),
        lastName: str(body.lastName),
        name: [str(body.firstName), str(body.lastName)].filter(Boolean).join(' ') || str(body.name),
        email: str(body.email),
        phone: str(body.phone),
      });
      json(response, created ? 201 : 200, { new: created, contact, traceId: token() });
      return true;
    }
    if (method === 'GET' && contactMatch) {
      const contact = contacts.get(decodeURIComponent(contactMatch[1]));
      if (!contact) return (json(response, 404, { statusCode: 404, message: 'Contact not found' }), true);
      json(response, 200, { contact });
      return true;
    }
    if (route === 'POST /calendars/events/appointments') {
      const body = await readJson(request);
      if (body.locationId !== options.locationId)
        return (unauthorized(response, 'The token is not authorized for this scope.'), true);
      const contactId = str(body.contactId);
      const calendarId = str(body.calendarId);
      if (
        !contactId ||
        !contacts.has(contactId) ||
        !calendarId ||
        !calendars.some((c) => c.id === calendarId) ||
        !validTime(body.startTime) ||
        !validTime(body.endTime)
      )
        return (json(response, 400, { statusCode: 400, message: 'Invalid appointment' }), true);
      const now = nowIso();
      const appointment: GhlPeerAppointment = {
        id: ghlId(),
        locationId: options.locationId,
        calendarId,
        contactId,
        title: str(body.title) ?? 'Appointment',
        appointmentStatus: str(body.appointmentStatus) ?? 'confirmed',
        startTime: new Date(String(body.startTime)).toISOString(),
        endTime: new Date(String(body.endTime)).toISOString(),
        ...(str(body.address) ? { address: String(body.address) } : {}),
        dateAdded: now,
        dateUpdated: now,
      };
      appointments.set(appointment.id, appointment);
      json(response, 200, appointment);
      return true;
    }
    if (method === 'PUT' && appointmentMatch) {
      const appointment = appointments.get(decodeURIComponent(appointmentMatch[1]));
      if (!appointment)
        return (json(response, 400, { statusCode: 400, message: 'Appointment not found' }), true);
      const body = await readJson(request);
      if (
        (body.startTime !== undefined && !validTime(body.startTime)) ||
        (body.endTime !== undefined && !validTime(body.endTime))
      )
        return (json(response, 400, { statusCode: 400, message: 'Invalid time' }), true);
      if (body.startTime) appointment.startTime = new Date(String(body.startTime)).toISOString();
      if (body.endTime) appointment.endTime = new Date(String(body.endTime)).toISOString();
      if (str(body.title)) appointment.title = String(body.title);
      if (str(body.appointmentStatus)) appointment.appointmentStatus = String(body.appointmentStatus);
      if (str(body.calendarId)) appointment.calendarId = String(body.calendarId);
      appointment.dateUpdated = nowIso();
      json(response, 200, appointment);
      return true;
    }
    if (route === 'GET /calendars/events') {
      const from = Number(url.searchParams.get('startTime'));
      const to = Number(url.searchParams.get('endTime'));
      if (url.searchParams.get('locationId') !== options.locationId)
        return (unauthorized(response, 'The token is not authorized for this scope.'), true);
      if (!Number.isFinite(from) || !Number.isFinite(to))
        return (
          json(response, 422, {
            statusCode: 422,
            message: ['startTime and endTime must be epoch milliseconds'],
          }),
          true
        );
      const calendarId = url.searchParams.get('calendarId');
      const events = [...appointments.values()].filter(
        (appointment) =>
          (!calendarId || appointment.calendarId === calendarId) &&
          Date.parse(appointment.startTime) < to &&
          Date.parse(appointment.endTime) > from,
      );
      json(response, 200, { events });
      return true;
    }
    if (method === 'DELETE' && eventMatch) {
      const deleted = appointments.delete(decodeURIComponent(eventMatch[1]));
      json(
        response,
        deleted ? 200 : 400,
        deleted ? { succeeded: true } : { statusCode: 400, message: 'Event not found' },
      );
      return true;
    }
    return false;
  };

  const signBody = (raw: string, key = webhookKey) =>
    sign('sha256', Buffer.from(raw), key).toString('base64');

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /v2/oauth/chooselocation' || route === 'GET /oauth/chooselocation')
      return chooseLocation(url, response);
    if (route === 'POST /oauth/token')
      return void tokenEndpoint(request, response).catch(() => json(response, 500, {}));
    if (route === 'GET /calendars/' || route === 'GET /calendars')
      return calendarsEndpoint(request, url, response);
    void syncApi(request, url, response).then(
      (served) => {
        if (!served) json(response, 404, { statusCode: 404, message: 'Not Found' });
      },
      () => json(response, 500, {}),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    grants,
    calendarCalls,
    env: () => ({
      GHL_CLIENT_ID: options.clientId,
      GHL_CLIENT_SECRET: options.clientSecret,
      GHL_AUTHORIZE_URL: `${url}/v2/oauth/chooselocation`,
      GHL_API_URL: url,
    }),
    async consent(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location)
        throw new Error(`The marketplace answered ${response.status} to the consent`);
      return new URL(location);
    },
    denyNextConsent: () => {
      denyNext = true;
    },
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expired = true;
    },
    revokeAll: () => {
      refreshTokens.clear();
      for (const access of accessTokens.values()) access.expired = true;
    },
    setCalendars: (next) => {
      calendars = next;
    },
    webhookPublicKey,
    apiCalls,
    appointments: () => [...appointments.values()].map((appointment) => ({ ...appointment })),
    contacts: () => [...contacts.values()].map((contact) => ({ ...contact })),
    addContact: (fields) => upsertContact(fields).contact,
    bookOnGhl(fields) {
      const now = nowIso();
      const appointment: GhlPeerAppointment = {
        appointmentStatus: 'confirmed',
        ...fields,
        id: ghlId(),
        locationId: options.locationId,
        dateAdded: now,
        dateUpdated: now,
      };
      appointments.set(appointment.id, appointment);
      return { ...appointment };
    },
    editOnGhl(id, changes) {
      const appointment = appointments.get(id);
      if (!appointment) throw new Error(`The peer holds no appointment ${id}`);
      // A later dateUpdated than any before, even within the same millisecond.
      const updated = Math.max(Date.now(), Date.parse(appointment.dateUpdated) + 1);
      Object.assign(appointment, changes, { dateUpdated: new Date(updated).toISOString() });
      return { ...appointment };
    },
    deleteOnGhl(id) {
      const appointment = appointments.get(id);
      if (!appointment) throw new Error(`The peer holds no appointment ${id}`);
      appointments.delete(id);
      return { ...appointment };
    },
    async sendWebhook(target, type, appointment, webhook = {}) {
      const webhookId = webhook.webhookId ?? token();
      const raw = JSON.stringify({
        type,
        locationId: options.locationId,
        timestamp: webhook.timestamp ?? new Date().toISOString(),
        webhookId,
        appointment,
      });
      const mode = webhook.signature ?? 'valid';
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (mode !== 'none') headers['x-wh-signature'] = signBody(raw, mode === 'bad' ? otherKey : webhookKey);
      const body = mode === 'tampered' ? raw.replace(appointment.startTime, appointment.endTime) : raw;
      const response = await fetch(target, { method: 'POST', headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed, webhookId };
    },
    throttleNext: (count, seconds = 1) => {
      forced429 = { count, seconds };
    },
    throttled: () => throttledCount,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
