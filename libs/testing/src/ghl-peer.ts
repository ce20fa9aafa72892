import { randomBytes } from 'node:crypto';
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
 *   401 `{statusCode, message, error}`, a missing Version header 400.
 */
export interface GhlPeerOptions {
  clientId: string;
  clientSecret: string;
  /** The sub-account (location) the consenting user picks. */
  locationId: string;
  /** Access-token lifetime in seconds (default 86399, HighLevel's day). */
  accessTokenSeconds?: number;
  calendars?: { id: string; name: string; description?: string }[];
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

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://peer');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /v2/oauth/chooselocation' || route === 'GET /oauth/chooselocation')
      return chooseLocation(url, response);
    if (route === 'POST /oauth/token')
      return void tokenEndpoint(request, response).catch(() => json(response, 500, {}));
    if (route === 'GET /calendars/' || route === 'GET /calendars')
      return calendarsEndpoint(request, url, response);
    json(response, 404, { statusCode: 404, message: 'Not Found' });
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
