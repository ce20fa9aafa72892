import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayHarness, startGateway } from './gateway-harness';

/**
 * Sign-up (docs/product/onboarding.md#sign-up) against a real gateway, PostgreSQL, Redis and Kafka; the onboarding
 * service is a peer on loopback that answers `GET /api/v1/onboarding/session/{id}/practice` as the service does.
 */
describe('sign-up: an account with a practice of its own, from a public demo or not', () => {
  let h: GatewayHarness;
  let onboarding: Server;
  /** What the peer answers per demo id: [status, body]. */
  const demos = new Map<string, [number, unknown]>();
  const SITE = 'glow-signup.example';

  beforeAll(async () => {
    onboarding = createServer((req, res) => {
      const id = /^\/api\/v1\/onboarding\/session\/([^/]+)\/practice$/.exec(req.url ?? '')?.[1] ?? '';
      const [status, body] = demos.get(id) ?? [
        404,
        { detail: 'Onboarding session not found. It might have expired or the ID is incorrect.' },
      ];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => onboarding.listen(0, '127.0.0.1', resolve));
    const { port } = onboarding.address() as AddressInfo;
    h = await startGateway('signup', { ONBOARDING_URL: `http://127.0.0.1:${port}`, SIGNUPS_PER_HOUR: '4' });
  });
  afterAll(async () => {
    await h.stop();
    await new Promise((resolve) => onboarding.close(resolve));
  });

  /** A client network of its own (the limit's counters in Redis outlive a run). */
  const network = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  const register = (body: Record<string, unknown>, ip = network()) =>
    h.http().post('/api/v1/auth/register').set('X-Forwarded-For', ip).send(body);
  const person = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Maria',
    last_name: 'Lopez',
    email: `maria-${randomUUID()}@clinic.example`,
    password: 'sunrise-clinic-42',
    practice_name: 'Glow Med Spa',
    ...extra,
  });
  const readyDemo = () => {
    const id = randomUUID();
    demos.set(id, [
      200,
      {
        demo_session_id: id,
        website_url: `https://${SITE}/`,
        practice_name: 'Glow Med Spa',
        address: '1200 South Lamar Blvd, Suite 110, Austin, TX 78704',
        phone_number: '+15125550142',
        time_zone: 'America/Chicago',
        business_hours: {
          monday: { open: '09:00', close: '18:00', closed: false },
          tuesday: { open: '09:00', close: '18:00', closed: false },
          wednesday: { open: '09:00', close: '18:00', closed: false },
          thursday: { open: '09:00', close: '18:00', closed: false },
          friday: { open: '09:00', close: '18:00', closed: false },
          saturday: { open: '10:00', close: '16:00', closed: false },
          sunday: { open: '09:00', close: '17:00', closed: true },
        },
        page_urls: [`https://${SITE}/`, `https://${SITE}/team.html`, 'https://elsewhere.example/'],
        procedure_keys: ['botox', 'hydrafacial', 'Not A Key'],
      },
    ]);
    return id;
  };
  const me = (token: string) => h.http().get('/api/v1/users/me').set('Authorization', `Bearer ${token}`);
  const practicesOf = async (token: string) =>
    (await h.http().get('/api/v1/users/me/practices').set('Authorization', `Bearer ${token}`).expect(200))
      .body as { practice_id: string; name: string }[];
  const events = (practiceId: string) =>
    h.dataSource.query(`SELECT "topic", "payload" FROM "gateway"."outbox" WHERE "key" = $1 ORDER BY "id"`, [
      practiceId,
    ]) as Promise<{ topic: string; payload: Record<string, unknown> }[]>;
  const usersNamed = async (email: string) =>
    (
      await h.dataSource.query(`SELECT count(*)::int AS n FROM "gateway"."users" WHERE "email" = $1`, [
        email.toLowerCase(),
      ])
    )[0].n as number;

  it('creates the user, their practice and its primary location, signs them in and announces the practice', async () => {
    const body = person({ email: `Maria.${randomUUID()}@Clinic.example` });
    const created = await register(body).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      practice_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const token = created.body.access_token as string;
    const practiceId = created.body.practice_id as string;
    expect((await me(token).expect(200)).body).toMatchObject({
      email: body.email.toLowerCase(),
      first_name: 'Maria',
      last_name: 'Lopez',
    });
    // Their own practice only: none of anyone else's.
    expect(await practicesOf(token)).toEqual([
      expect.objectContaining({ practice_id: practiceId, name: 'Glow Med Spa' }),
    ]);
    const locations = await h
      .http()
      .get(`/api/v1/practices/${practiceId}/locations`)
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(locations.body).toEqual([
      expect.objectContaining({ name: 'Glow Med Spa', is_primary: true, timezone: 'America/New_York' }),
    ]);
    expect((await events(practiceId)).map((row) => row.payload.type)).toEqual([
      'practice_updated',
      'location_updated',
    ]);
    // The password signs in.
    await h
      .http()
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', network())
      .type('form')
      .send({ username: body.email, password: body.password })
      .expect(200);
  });

  it('keeps a ready demo: the website, the address, phone, time zone and hours, and tells knowledge its pages and procedures', async () => {
    const demo = readyDemo();
    const created = await register(person({ demo_session_id: demo })).expect(201);
    const token = created.body.access_token as string;
    const practiceId = created.body.practice_id as string;
    expect(await practicesOf(token)).toEqual([expect.objectContaining({ practice_id: practiceId })]);
    const practice = await h
      .http()
      .get(`/api/v1/practices/${practiceId}`)
      .set('Authorization', `Bearer ${token}`);
    expect(practice.body).toMatchObject({ name: 'Glow Med Spa', website_url: `https://${SITE}/` });
    const [location] = (
      await h
        .http()
        .get(`/api/v1/practices/${practiceId}/locations`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200)
    ).body;
    expect(location).toMatchObject({
      is_primary: true,
      address: '1200 South Lamar Blvd, Suite 110, Austin, TX 78704',
      phone: '(512) 555-0142',
      timezone: 'America/Chicago',
      business_hours: expect.objectContaining({
        saturday: { open: '10:00', close: '16:00', closed: false },
        sunday: expect.objectContaining({ closed: true }),
      }),
    });
    const announced = await events(practiceId);
    expect(announced.map((row) => [row.topic, row.payload.type])).toEqual([
      ['practice.changes', 'practice_updated'],
      ['practice.changes', 'location_updated'],
      ['practice.changes', 'practice_onboarded'],
    ]);
    // Only pages of the practice's own website, only catalogue keys.
    expect(announced[2].payload).toMatchObject({
      demo_session_id: demo,
      website_url: `https://${SITE}/`,
      page_urls: [`https://${SITE}/`, `https://${SITE}/team.html`],
      procedure_keys: ['botox', 'hydrafacial'],
    });

    // A demo becomes one practice: a second sign-up with it is refused, and creates nobody.
    const second = person({ demo_session_id: demo });
    const refused = await register(second).expect(409);
    expect(refused.body).toEqual({
      detail: 'This demo has already been saved to an account. Sign in to see it.',
    });
    expect(await usersNamed(second.email as string)).toBe(0);
  });

  it('refuses an e-mail address that has an account, and weak passwords, creating nothing', async () => {
    const first = person();
    await register(first).expect(201);
    const again = await register(person({ email: first.email.toUpperCase() })).expect(409);
    expect(again.body).toEqual({ detail: 'An account with this email already exists. Sign in instead.' });

    const weak = person();
    for (const [password, detail] of [
      ['short1', 'The password needs at least 10 characters, with a letter and a number.'],
      ['no-digits-in-here', 'The password needs at least 10 characters, with a letter and a number.'],
      [`${(weak.email as string).split('@')[0]}9`, 'The password must not contain your email address.'],
    ]) {
      expect((await register({ ...weak, password }).expect(422)).body).toEqual({ detail });
    }
    expect(await usersNamed(weak.email as string)).toBe(0);
  });

  it('answers 422 with a detail for a missing or malformed field', async () => {
    const noFirstName: Record<string, unknown> = person();
    delete noFirstName.first_name;
    expect((await register(noFirstName).expect(422)).body).toEqual({ detail: 'First name is required' });
    expect((await register(person({ email: 'not-an-address' })).expect(422)).body).toEqual({
      detail: 'Please enter a valid email address.',
    });
    expect((await register(person({ practice_name: '' })).expect(422)).body).toEqual({
      detail: 'Practice name is required',
    });
    expect((await register(person({ demo_session_id: '../../admin' })).expect(422)).body).toEqual({
      detail: 'demo_session_id must be a demo session id',
    });
  });

  it('says why a demo cannot be kept: expired (404), not ready (409), or unreachable (503), creating nothing', async () => {
    const expired = person({ demo_session_id: randomUUID() });
    expect((await register(expired).expect(404)).body).toEqual({
      detail: 'This demo has expired or does not exist. Sign up without it, or start a new demo.',
    });
    const waiting = randomUUID();
    demos.set(waiting, [
      409,
      { detail: 'This demo is not ready yet: your website is still being analysed.' },
    ]);
    expect((await register(person({ demo_session_id: waiting })).expect(409)).body).toEqual({
      detail: 'This demo is not ready yet: your website is still being analysed.',
    });
    const broken = randomUUID();
    demos.set(broken, [500, { detail: 'Internal server error' }]);
    const down = person({ demo_session_id: broken });
    expect((await register(down).expect(503)).body).toEqual({
      detail: 'We could not reach your demo just now. Please try again in a minute.',
    });
    for (const body of [expired, down]) expect(await usersNamed(body.email as string)).toBe(0);
  });

  it('limits the sign-ups of one client network in an hour, with Retry-After; another network is not held', async () => {
    const ip = network();
    for (let i = 0; i < 4; i++) await register(person(), ip).expect(201);
    const limited = await register(person(), ip).expect(429);
    expect(limited.body).toEqual({
      detail: expect.stringMatching(
        /^Too many sign-ups from this network\. Please try again in \d+ minutes?\.$/,
      ),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await register(person(), network()).expect(201);
  });

  it("sends the demo's sign-up button on to the console's sign-up page, keeping only a demo id", async () => {
    const id = randomUUID();
    const kept = await h.http().get(`/api/v1/auth/register?demo_session_id=${id}`).expect(303);
    expect(kept.headers.location).toBe(`/signup?demo_session_id=${id}`);
    const dropped = await h.http().get('/api/v1/auth/register?demo_session_id=%3Cscript%3E').expect(303);
    expect(dropped.headers.location).toBe('/signup');
  });
});
