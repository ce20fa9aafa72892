import { GhlPeer, oauthCookieOf, startGhlPeer } from '@pp/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { Caller, CalendarHarness, startCalendar } from './calendar-harness';

/**
 * Settings → Calendar's server side (docs/product/calendar.md#integrations) on a real calendar service (real
 * PostgreSQL, Redis, Kafka) and a GoHighLevel peer on loopback speaking HighLevel's OAuth and calendars API.
 */
describe('calendar integrations (real calendar service, GoHighLevel peer)', () => {
  let h: CalendarHarness;
  let ghl: GhlPeer;
  let staff: Caller;
  let outsider: Caller;
  const glow = randomUUID();
  const northside = randomUUID();
  const uptown = randomUUID();
  const downtown = randomUUID();
  const northsideLocation = randomUUID();
  const ghlLocation = 've9EPM428h8vShlRW1KT';

  const get = async (url: string, caller = staff) =>
    h
      .http()
      .get(url)
      .set(await caller.headers());
  const del = async (url: string, caller = staff) =>
    h
      .http()
      .delete(url)
      .set(await caller.headers());
  const post = async (url: string, body: object, caller = staff) =>
    h
      .http()
      .post(url)
      .set(await caller.headers())
      .send(body);
  const put = async (url: string, body: object, caller = staff) =>
    h
      .http()
      .put(url)
      .set(await caller.headers())
      .send(body);

  /** The browser's round trip: authorize → the marketplace's consent → the calendar's callback → where it lands. */
  async function connectGhl(practiceId: string) {
    const started = await get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${practiceId}`);
    expect(started.status).toBe(200);
    const back = await ghl.consent(started.body.authorization_url as string);
    const cookie = oauthCookieOf(started);
    const landed = await h.http().get(`${back.pathname}${back.search}`).set('Cookie', cookie).expect(302);
    return { authorizationUrl: new URL(started.body.authorization_url as string), back, landed, cookie };
  }

  async function integrations(practiceId: string) {
    const listed = await get(`/api/v1/calendar/integrations?practice_id=${practiceId}`);
    expect(listed.status).toBe(200);
    return listed.body as Record<string, unknown>[];
  }

  async function removeAll(practiceId: string) {
    for (const integration of await integrations(practiceId))
      await del(`/api/v1/calendar/integrations/${integration.calendar_integration_id as string}`).then((r) =>
        expect(r.status).toBe(200),
      );
  }

  beforeAll(async () => {
    ghl = await startGhlPeer({
      clientId: 'pp-ghl-client',
      clientSecret: randomBytes(16).toString('hex'),
      locationId: ghlLocation,
    });
    h = await startCalendar('integrations', {
      ...ghl.env(),
      CALENDAR_TOKEN_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://console.practice.example',
      SYMPLAST_CLIENT_ID: 'pp-symplast-client',
      SYMPLAST_AUTHORIZE_URL: 'https://auth.symplast.example/oauth/authorize',
    });
    staff = h.caller([glow], 'Dana Reyes');
    outsider = h.caller([northside], 'Omar North');
    await h.publishLocation('location_created', glow, uptown);
    await h.publishLocation('location_created', glow, downtown);
    await h.publishLocation('location_created', northside, northsideLocation);
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
    await ghl?.close();
  });

  afterEach(async () => {
    await removeAll(glow);
  });

  it('an internal integration is created, listed and deleted; only one may be active', async () => {
    const created = await post('/api/v1/calendar/integrations', {
      practice_id: glow,
      provider: 'internal',
      provider_tenant_id: glow,
      auth_method: 'none',
      status: 'active',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      practice_id: glow,
      provider: 'internal',
      provider_tenant_id: glow,
      auth_method: 'none',
      status: 'active',
      last_error: null,
    });
    expect(created.headers['cache-control']).toBe('no-store');
    const listed = await integrations(glow);
    expect(listed).toEqual([created.body]);
    expect(JSON.stringify(listed)).not.toMatch(/token/);

    const second = await post('/api/v1/calendar/integrations', {
      practice_id: glow,
      provider: 'internal',
      provider_tenant_id: glow,
      auth_method: 'none',
      status: 'active',
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe('You can only have one active calendar integration at a time.');
    // Nor can GoHighLevel be connected beside it.
    const ghlStart = await get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${glow}`);
    expect(ghlStart.status).toBe(409);
    expect(ghlStart.body.detail).toBe('You can only have one active calendar integration at a time.');

    const calendars = await get(
      `/api/v1/calendar/integrations/${created.body.calendar_integration_id}/calendars`,
    );
    expect(calendars.body).toEqual({
      calendars: [
        { id: 'internal', name: 'PracticePilot Calendar', description: 'Appointments kept in PracticePilot' },
      ],
    });
    const health = await get(`/api/v1/calendar/integrations/${created.body.calendar_integration_id}/health`);
    expect(health.body).toMatchObject({ status: 'connected' });

    await del(`/api/v1/calendar/integrations/${created.body.calendar_integration_id}`).then((r) =>
      expect(r.status).toBe(200),
    );
    expect(await integrations(glow)).toEqual([]);
    await del(`/api/v1/calendar/integrations/${created.body.calendar_integration_id}`).then((r) =>
      expect(r.status).toBe(404),
    );
  });

  it('refuses a malformed integration with 422 and a detail', async () => {
    const cases: [object, string][] = [
      [{ provider: 'internal' }, 'practice_id is required'],
      [{ practice_id: glow, provider: 'outlook' }, 'provider must be internal'],
      [
        { practice_id: glow, provider: 'ghl' },
        'Connect ghl through its authorization flow (calendar/oauth/authorize/ghl)',
      ],
      [{ practice_id: glow, provider: 'internal', auth_method: 'oauth2' }, 'auth_method must be none'],
      [{ practice_id: glow, provider: 'internal', status: 'error' }, 'status must be active'],
    ];
    for (const [body, detail] of cases) {
      const response = await post('/api/v1/calendar/integrations', body);
      expect({ status: response.status, detail: response.body.detail }).toEqual({ status: 422, detail });
    }
    const badProvider = await get(`/api/v1/calendar/oauth/authorize/outlook?practice_id=${glow}`);
    expect(badProvider.status).toBe(422);
    expect(badProvider.body.detail).toBe('provider must be one of ghl, symplast, leadar');
    const noPractice = await get('/api/v1/calendar/integrations');
    expect(noPractice.status).toBe(422);
    expect(noPractice.body.detail).toBe('practice_id is required');
    expect(await integrations(glow)).toEqual([]);
  });

  it('connects GoHighLevel end to end: consent with state, tokens sealed at rest, calendars listed', async () => {
    const { authorizationUrl, back, landed } = await connectGhl(glow);
    expect(authorizationUrl.pathname).toBe('/v2/oauth/chooselocation');
    expect(authorizationUrl.searchParams.get('client_id')).toBe('pp-ghl-client');
    expect(authorizationUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      'https://console.practice.example/api/v1/calendar/oauth/callback',
    );
    expect(authorizationUrl.searchParams.get('scope')).toContain('calendars.readonly');
    const state = authorizationUrl.searchParams.get('state') as string;
    expect(state.length).toBeGreaterThanOrEqual(43);
    expect(back.searchParams.get('state')).toBe(state);
    expect(landed.headers.location).toBe('https://console.practice.example/settings/calendar');

    const [integration] = await integrations(glow);
    expect(integration).toMatchObject({
      provider: 'ghl',
      provider_tenant_id: ghlLocation,
      auth_method: 'oauth2',
      status: 'active',
    });
    // Only the state's hash was kept, and it is gone; the tokens are AES-GCM sealed, never in clear.
    const stored: { access_token_sealed: string; refresh_token_sealed: string }[] = await h.dataSource.query(
      `SELECT "access_token_sealed", "refresh_token_sealed" FROM "calendar"."calendar_integrations"`,
    );
    expect(stored[0].access_token_sealed).toMatch(/^v1\./);
    expect(stored[0].refresh_token_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('ghl-at-');
    expect(JSON.stringify(stored)).not.toContain('ghl-rt-');
    expect(await h.dataSource.query(`SELECT 1 FROM "calendar"."oauth_states"`)).toEqual([]);

    const calendars = await get(
      `/api/v1/calendar/integrations/${integration.calendar_integration_id as string}/calendars`,
    );
    expect(calendars.status).toBe(200);
    expect(calendars.body).toEqual({
      calendars: [
        { id: 'cal-main', name: 'Main Consults', description: 'Consultations at the main office' },
        { id: 'cal-uptown', name: 'Uptown Consults', description: '' },
      ],
    });
    const health = await get(
      `/api/v1/calendar/integrations/${integration.calendar_integration_id as string}/health`,
    );
    expect(health.body).toMatchObject({ status: 'connected', detail: 'Connected: 2 calendars available' });

    // The one-active rule holds for the internal calendar too.
    const internal = await post('/api/v1/calendar/integrations', { practice_id: glow, provider: 'internal' });
    expect(internal.status).toBe(409);
  });

  it('refreshes an expired GoHighLevel token and keeps working; a revoked grant fails the connection test', async () => {
    await connectGhl(glow);
    const [integration] = await integrations(glow);
    const id = integration.calendar_integration_id as string;
    const refreshesBefore = ghl.grants.filter((grant) => grant === 'refresh_token').length;
    ghl.expireAccessTokens();

    const calendars = await get(`/api/v1/calendar/integrations/${id}/calendars`);
    expect(calendars.status).toBe(200);
    expect(calendars.body.calendars).toHaveLength(2);
    expect(ghl.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(refreshesBefore + 1);
    // The refreshed token was stored: the next call uses it without another refresh.
    await get(`/api/v1/calendar/integrations/${id}/calendars`).then((r) => expect(r.status).toBe(200));
    expect(ghl.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(refreshesBefore + 1);

    ghl.revokeAll();
    const health = await get(`/api/v1/calendar/integrations/${id}/health`);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      status: 'failed',
      detail: 'The calendar account no longer grants access. Please connect it again.',
    });
    const [after] = await integrations(glow);
    expect(after).toMatchObject({
      status: 'error',
      last_error: 'The calendar account no longer grants access. Please connect it again.',
    });
    const refused = await get(`/api/v1/calendar/integrations/${id}/calendars`);
    expect(refused.status).toBe(409);

    // Connecting again renews the same integration.
    const again = await connectGhl(glow);
    expect(again.landed.headers.location).toBe('https://console.practice.example/settings/calendar');
    const renewed = await integrations(glow);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({ calendar_integration_id: id, status: 'active', last_error: null });
    expect((await get(`/api/v1/calendar/integrations/${id}/health`)).body.status).toBe('connected');
  });

  it('a bad, reused or denied consent returns to the settings page with error=oauth_failed', async () => {
    const failed = 'https://console.practice.example/settings/calendar?error=oauth_failed';
    const forged = await h.http().get('/api/v1/calendar/oauth/callback?code=abc&state=forged').expect(302);
    expect(forged.headers.location).toBe(failed);
    const bare = await h.http().get('/api/v1/calendar/oauth/callback').expect(302);
    expect(bare.headers.location).toBe(failed);

    const { back, cookie } = await connectGhl(glow);
    // The same return again (a replayed state), from the same browser, fails, and creates nothing more.
    const replay = await h.http().get(`${back.pathname}${back.search}`).set('Cookie', cookie).expect(302);
    expect(replay.headers.location).toBe(failed);
    expect(await integrations(glow)).toHaveLength(1);
    await removeAll(glow);

    ghl.denyNextConsent();
    const denied = await connectGhl(glow);
    expect(denied.back.searchParams.get('error')).toBe('access_denied');
    expect(denied.landed.headers.location).toBe(failed);
    expect(await integrations(glow)).toEqual([]);
  });

  it('refuses a consent finished in another browser than the one that started it, and keeps it for its owner', async () => {
    const started = await get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${glow}`);
    const setCookie = String(started.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^pp_oauth_state=[0-9a-f]{64}; Max-Age=600; Path=\/api\/v1\/calendar\/oauth\/callback; HttpOnly; Secure; SameSite=Lax$/,
    );
    // Someone sent the consent link to another person: their browser has no cookie, or its own.
    const back = await ghl.consent(started.body.authorization_url as string);
    const failed = 'https://console.practice.example/settings/calendar?error=oauth_failed';
    const stranger = await h.http().get(`${back.pathname}${back.search}`).expect(302);
    expect(stranger.headers.location).toBe(failed);
    const other = await get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${glow}`);
    const mixed = await h
      .http()
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', oauthCookieOf(other))
      .expect(302);
    expect(mixed.headers.location).toBe(failed);
    expect(await integrations(glow)).toEqual([]);
    // The browser that started it still finishes it, and the cookie is cleared.
    const owner = await h
      .http()
      .get(`${back.pathname}${back.search}`)
      .set('Cookie', oauthCookieOf(started))
      .expect(302);
    expect(owner.headers.location).toBe('https://console.practice.example/settings/calendar');
    expect(String(owner.headers['set-cookie'])).toMatch(/^pp_oauth_state=; Max-Age=0;/);
    expect(await integrations(glow)).toHaveLength(1);
    await removeAll(glow);
  });

  it('saves assignments by the settings rules and answers a summary', async () => {
    const created = await post('/api/v1/calendar/integrations', { practice_id: glow, provider: 'internal' });
    const id = created.body.calendar_integration_id as string;
    const url = `/api/v1/calendar/integrations/${id}/assignments`;
    const refusals: [object, string][] = [
      [{}, 'assignments must be a list'],
      [{ assignments: [] }, 'Please select a calendar for all locations.'],
      [
        { assignments: [{ location_id: null, external_calendar_id: '  ' }] },
        'Please select a calendar for all locations.',
      ],
      [
        { assignments: [{ location_id: uptown, external_calendar_id: 'cal-main' }] },
        'Please select a calendar for each location.',
      ],
      [
        {
          assignments: [
            { location_id: uptown, external_calendar_id: 'cal-main' },
            { location_id: downtown, external_calendar_id: '' },
          ],
        },
        'Please select a calendar for each location.',
      ],
      [
        { assignments: [{ location_id: 'uptown', external_calendar_id: 'cal-main' }] },
        'location_id must be a UUID or null',
      ],
    ];
    for (const [body, detail] of refusals) {
      const response = await put(url, body);
      expect({ status: response.status, detail: response.body.detail }).toEqual({ status: 422, detail });
    }

    const all = await put(url, {
      assignments: [
        {
          location_id: null,
          external_calendar_id: 'internal',
          calendar_name: 'PracticePilot Calendar',
          calendar_description: 'Appointments kept in PracticePilot',
          is_active: true,
        },
      ],
    });
    expect(all.status).toBe(200);
    expect(all.body.summary).toEqual({
      mode: 'all_locations',
      total_assignments: 1,
      active_assignments: 1,
      locations_covered: 2,
      total_locations: 2,
      distinct_calendars: 1,
      message: 'PracticePilot Calendar serves all locations.',
    });

    const perLocation = await put(url, {
      assignments: [
        {
          location_id: uptown,
          external_calendar_id: 'cal-uptown',
          calendar_name: 'Uptown Consults',
          is_active: true,
        },
        {
          location_id: downtown,
          external_calendar_id: 'cal-main',
          calendar_name: 'Main Consults',
          is_active: true,
        },
      ],
    });
    expect(perLocation.status).toBe(200);
    expect(perLocation.body.summary).toMatchObject({
      mode: 'per_location',
      total_assignments: 2,
      locations_covered: 2,
      message: '2 of 2 locations have a calendar.',
    });
    const listed = await get(`/api/v1/calendar/assignments?practice_id=${glow}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        {
          calendar_integration_id: id,
          location_id: uptown,
          external_calendar_id: 'cal-uptown',
          calendar_name: 'Uptown Consults',
          calendar_description: null,
          is_active: true,
        },
      ]),
    );

    // Another practice's location is not one of these (404), and nothing changes.
    const foreign = await put(url, {
      assignments: [
        { location_id: uptown, external_calendar_id: 'cal-uptown' },
        { location_id: downtown, external_calendar_id: 'cal-main' },
        { location_id: northsideLocation, external_calendar_id: 'cal-main' },
      ],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Location not found');
    expect((await get(`/api/v1/calendar/assignments?practice_id=${glow}`)).body).toHaveLength(2);

    // Deleting the integration removes its assignments.
    await del(`/api/v1/calendar/integrations/${id}`).then((r) => expect(r.status).toBe(200));
    expect((await get(`/api/v1/calendar/assignments?practice_id=${glow}`)).body).toEqual([]);
  });

  it("answers 404 for another practice's integrations and practice", async () => {
    const created = await post('/api/v1/calendar/integrations', { practice_id: glow, provider: 'internal' });
    const id = created.body.calendar_integration_id as string;
    const probes = [
      () => get(`/api/v1/calendar/integrations?practice_id=${glow}`, outsider),
      () => post('/api/v1/calendar/integrations', { practice_id: glow, provider: 'internal' }, outsider),
      () => del(`/api/v1/calendar/integrations/${id}`, outsider),
      () => get(`/api/v1/calendar/integrations/${id}/calendars`, outsider),
      () => get(`/api/v1/calendar/integrations/${id}/health`, outsider),
      () => get(`/api/v1/calendar/assignments?practice_id=${glow}`, outsider),
      () =>
        put(
          `/api/v1/calendar/integrations/${id}/assignments`,
          {
            assignments: [{ location_id: null, external_calendar_id: 'internal' }],
          },
          outsider,
        ),
      () => get(`/api/v1/calendar/oauth/authorize/ghl?practice_id=${glow}`, outsider),
      () => get('/api/v1/calendar/integrations/not-a-uuid/health'),
      () => get(`/api/v1/calendar/integrations/${randomUUID()}/calendars`),
    ];
    for (const probe of probes) {
      const response = await probe();
      expect(response.status).toBe(404);
      expect(typeof response.body.detail).toBe('string');
    }
    expect(await integrations(glow)).toHaveLength(1);
    expect((await get(`/api/v1/calendar/assignments?practice_id=${glow}`)).body).toEqual([]);
  });

  it('builds Symplast and Leadar consent URLs only when configured; their return fails until built', async () => {
    const symplast = await get(`/api/v1/calendar/oauth/authorize/symplast?practice_id=${glow}`);
    expect(symplast.status).toBe(200);
    const consent = new URL(symplast.body.authorization_url as string);
    expect(`${consent.origin}${consent.pathname}`).toBe('https://auth.symplast.example/oauth/authorize');
    expect(consent.searchParams.get('client_id')).toBe('pp-symplast-client');
    expect(consent.searchParams.get('redirect_uri')).toBe(
      'https://console.practice.example/api/v1/calendar/oauth/callback',
    );
    const state = consent.searchParams.get('state') as string;
    const back = await h
      .http()
      .get(`/api/v1/calendar/oauth/callback?code=c1&state=${state}`)
      .set('Cookie', oauthCookieOf(symplast))
      .expect(302);
    expect(back.headers.location).toBe(
      'https://console.practice.example/settings/calendar?error=oauth_failed',
    );
    expect(await integrations(glow)).toEqual([]);

    const leadar = await get(`/api/v1/calendar/oauth/authorize/leadar?practice_id=${glow}`);
    expect(leadar.status).toBe(409);
    expect(leadar.body.detail).toBe(
      'Connecting Leadar is not configured: set LEADAR_CLIENT_ID and LEADAR_AUTHORIZE_URL',
    );
  });
});
