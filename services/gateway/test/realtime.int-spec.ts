import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createTestDatabase, eventually, ServiceProcess, startBuiltService, TestDatabase } from '@pp/testing';
import { Client } from 'pg';
import { TestPractice, TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';
import { LiveClient } from './live-client';

describe('live connection and forwarding (gateway + a people process, real Kafka)', () => {
  let h: GatewayHarness;
  let people: ServiceProcess;
  let peopleDb: TestDatabase;
  let hanging: Server;
  let staff: TestUser;
  let mine: TestPractice;
  let other: TestPractice;
  let token: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const hangingPort = (hanging.address() as AddressInfo).port;
    // people first, on a database of its own, then a gateway that forwards to it
    // (a real people process from its build: services never import each other)
    peopleDb = await createTestDatabase('realtime_people');
    people = await startBuiltService('people', { DATABASE_URL: peopleDb.url });
    h = await startGateway('realtime', {
      PEOPLE_URL: people.url,
      KNOWLEDGE_URL: `http://127.0.0.1:${hangingPort}`,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    staff = await h.tenants.user();
    const outsider = await h.tenants.user();
    mine = await h.tenants.practice([staff]);
    other = await h.tenants.practice([outsider]);
    token = await h.login(staff);
  });

  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    await h.stop();
    await people.stop();
    await peopleDb.drop();
    hanging.closeAllConnections();
    hanging.close();
  });

  /** The people service's outbox rows for a person (its own schema in its own test database). */
  const peopleOutbox = async (personId: string) => {
    const client = new Client({ connectionString: peopleDb.url });
    await client.connect();
    try {
      const result = await client.query(
        `SELECT "event_id", "headers" FROM "people"."outbox" WHERE "payload"->>'person_id' = $1 ORDER BY "id"`,
        [personId],
      );
      return result.rows as Array<{ event_id: string; headers: Record<string, string> }>;
    } finally {
      await client.end();
    }
  };
  const socketUrl = (practiceId: string, query: string) =>
    `${h.gateway.url.replace('http', 'ws')}/api/v1/practices/${practiceId}/events${query}`;
  const connect = (practiceId: string, query = `?token=${token}`) => {
    const client = new LiveClient(socketUrl(practiceId, query));
    clients.push(client);
    return client;
  };
  const createLead = (practiceId: string, body: object, bearer = token) =>
    h
      .http()
      .post('/api/v1/people/')
      .set('Authorization', `Bearer ${bearer}`)
      .send({ practice_id: practiceId, ...body });

  it('greets with connection_established and answers ping with pong', async () => {
    const client = connect(mine.practice_id);
    await client.next((m) => JSON.parse(m).type === 'connection_established', 5000);
    client.ws.send('ping');
    await client.next((m) => m === 'pong', 2000);
  });

  it("greets with its clock; a socket opened again learns the lead created while it was away from GET /people/, never another practice's", async () => {
    // What the console does after a drop (docs/product/live-connection.md#catching-up).
    const before = Date.now();
    const first = connect(mine.practice_id);
    const welcome = JSON.parse(await first.established()) as Record<string, unknown>;
    expect(welcome).toEqual({
      type: 'connection_established',
      practice_id: mine.practice_id,
      server_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const since = Date.parse(welcome.server_time as string);
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now() + 1000);
    first.ws.close();
    await first.closedWithin(5000);

    // While no socket of the practice is open: a lead of mine and one of another practice.
    const outsider = await h.tenants.user();
    const outsiderPractice = await h.tenants.practice([outsider]);
    const outsiderToken = await h.login(outsider);
    const missed = await createLead(mine.practice_id, { first_name: 'While', last_name: 'Away' }).expect(201);
    await createLead(
      outsiderPractice.practice_id,
      { first_name: 'Not', last_name: 'Mine' },
      outsiderToken,
    ).expect(201);

    const again = connect(mine.practice_id);
    const next = JSON.parse(await again.established()) as { server_time: string };
    expect(Date.parse(next.server_time)).toBeGreaterThanOrEqual(since);
    // The console's call on reconnect: the newest leads of the practice (up to 100), those created since.
    const page = await h
      .http()
      .get('/api/v1/people/')
      .query({ practice_id: mine.practice_id, limit: 100 })
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const items = page.body.items as { person_id: string; practice_id: string; created_at: string }[];
    const createdSince = items.filter((item) => Date.parse(item.created_at) > since);
    expect(createdSince.map((item) => item.person_id)).toContain(missed.body.person_id);
    expect(items.every((item) => item.practice_id === mine.practice_id)).toBe(true);
    // The same call for a practice that is not the user's is refused.
    await h
      .http()
      .get('/api/v1/people/')
      .query({ practice_id: outsiderPractice.practice_id, limit: 100 })
      .set('Authorization', `Bearer ${token}`)
      .expect(404, { detail: 'Practice not found' });
  });

  it('closes with 4001 without a token or with an invalid one', async () => {
    expect(await connect(mine.practice_id, '').closed).toBe(4001);
    expect(await connect(mine.practice_id, '?token=forged.token.value').closed).toBe(4001);
  });

  it('closes with 4003 for a practice the user cannot access', async () => {
    expect(await connect(other.practice_id).closed).toBe(4003);
  });

  it('pushes a lead created in people to the sockets of its practice, never to another practice', async () => {
    const watcher = connect(mine.practice_id);
    const outsider = await h.tenants.user();
    const outsiderPractice = await h.tenants.practice([outsider]);
    const outsiderToken = await h.login(outsider);
    const stranger = connect(outsiderPractice.practice_id, `?token=${outsiderToken}`);
    await watcher.next((m) => m.includes('connection_established'), 5000);
    await stranger.next((m) => m.includes('connection_established'), 5000);

    const created = await createLead(mine.practice_id, {
      first_name: 'Amelia',
      last_name: 'Brooks',
      primary_phone: '(512) 555-0199',
    }).expect(201);
    // How fast it arrives is measured apart (docs/PERFORMANCE.md, about 40 ms); the test asserts where it goes.
    const message = JSON.parse(await watcher.next((m) => m.includes(created.body.person_id), 15_000));
    expect(message).toMatchObject({
      type: 'lead_created',
      broadcast_type: 'lead_created',
      practice_id: mine.practice_id,
      person_id: created.body.person_id,
      person_data: {
        first_name: 'Amelia',
        last_name: 'Brooks',
        stage: 'Lead',
        primary_phone: '+15125550199',
      },
    });
    // The other practice's socket saw nothing of it: once a lead of its own practice, created after the watcher
    // had the first, reaches it, anything sent to it about the first would have arrived before (one socket's
    // messages arrive in order).
    const theirs = await createLead(
      outsiderPractice.practice_id,
      { first_name: 'Own', last_name: 'Lead' },
      outsiderToken,
    ).expect(201);
    await stranger.next((m) => m.includes(theirs.body.person_id), 15_000);
    expect(stranger.messages.filter((m) => m.includes(created.body.person_id))).toEqual([]);
  });

  it('closes a socket with 4001 when its session logs out, while signed-in sockets keep getting updates', async () => {
    const session = await h.login(staff);
    const before = connect(mine.practice_id, `?token=${session}`);
    const watcher = connect(mine.practice_id);
    await before.established();
    await watcher.established();
    await h.http().post('/api/v1/auth/logout').set('Authorization', `Bearer ${session}`).expect(200);
    expect(await before.closedWithin(5000)).toBe(4001);

    const created = await createLead(mine.practice_id, { first_name: 'After', last_name: 'Logout' }).expect(
      201,
    );
    // a socket of a session still signed in keeps getting updates
    await watcher.next((m) => m.includes(created.body.person_id), 5000);
  });

  it('forwards with the caller identity: another practice lead is a 404, a bad body a 422', async () => {
    const outsider = await h.tenants.user();
    const outsiderPractice = await h.tenants.practice([outsider]);
    const outsiderToken = await h.login(outsider);
    const theirs = await createLead(
      outsiderPractice.practice_id,
      { first_name: 'Zoe' },
      outsiderToken,
    ).expect(201);
    const response = await h
      .http()
      .get(`/api/v1/people/${theirs.body.person_id}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(404);
    expect(response.body).toEqual({ detail: 'Person not found' });
    await createLead(outsiderPractice.practice_id, { first_name: 'Intruder' }).expect(404);
    const invalid = await createLead(mine.practice_id, { primary_phone: '12345' }).expect(422);
    expect(invalid.body).toEqual({ detail: 'Please enter a valid 10-digit phone number' });
  });

  it('answers 401 on a forwarded route without a token, and services refuse calls without the gateway identity', async () => {
    const viaGateway = await h.http().get('/api/v1/people/00000000-0000-4000-8000-000000000000').expect(401);
    expect(viaGateway.body).toEqual({ detail: 'Could not validate credentials' });
    const direct = await fetch(`${people.url}/api/v1/people/00000000-0000-4000-8000-000000000000`, {
      headers: { 'x-pp-identity': 'forged' },
    });
    expect(direct.status).toBe(401);
  });

  it('answers 503 with a detail at once when the owning service is down', async () => {
    const response = await h
      .http()
      .get('/api/v1/calendar/appointments')
      .set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      detail: 'The calendar service is unavailable. Please try again shortly.',
    });
  });

  it('answers 504 with a detail instead of hanging when the owning service does not answer', async () => {
    const response = await h
      .http()
      .get('/api/v1/procedures/search?q=bo')
      .set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(504);
    expect(response.body).toEqual({
      detail: 'The knowledge service did not answer in time. Please try again.',
    });
  });

  it('carries the correlation id from the HTTP request into the Kafka event', async () => {
    const correlationId = `it-${Date.now()}`;
    const created = await createLead(mine.practice_id, { first_name: 'Traced' })
      .set('x-correlation-id', correlationId)
      .expect(201);
    expect(created.headers['x-correlation-id']).toBe(correlationId);
    // The lead's first event (the engine's reading of it may follow at once: lead_updated).
    const [row] = await eventually(async () => {
      const rows = await peopleOutbox(created.body.person_id);
      return rows.length ? rows : undefined;
    });
    expect(row.headers).toMatchObject({
      correlation_id: correlationId,
      event_type: 'lead_created',
      event_id: row.event_id,
    });
  });

  it('serves one OpenAPI document with the gateway and the service routes', async () => {
    const response = await h.http().get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/practices/{practiceId}/locations',
        '/api/v1/people',
      ]),
    );
    expect(response.body.info.description).toContain(
      'Not included (service unavailable): analytics, calendar',
    );
  });

  it('reports readiness of PostgreSQL, Redis, Kafka and its consumer group, and Prometheus metrics', async () => {
    const ready = await h.http().get('/health/ready').expect(200);
    expect(ready.body.info).toMatchObject({
      postgres: { status: 'up' },
      redis: { status: 'up' },
      kafka: { status: 'up' },
      kafka_consumer: { status: 'up' },
    });
    // Metrics have their own port (METRICS_PORT): the public port answers 404.
    await h.http().get('/metrics').expect(404);
    const metrics = await (await fetch(`${h.gateway.metricsUrl}/metrics`)).text();
    expect(metrics).toContain('http_request_duration_seconds_bucket');
    expect(metrics).toContain('gateway_websocket_connections');
  });

  it('sends security headers, with a Content-Security-Policy for the console, and serves the API docs', async () => {
    const page = await h.http().get('/leads/some-deep-link').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Its own origin only (the live WebSocket included), not any ws: or wss: host.
    expect(String(page.headers['content-security-policy']).split(';')).toContain("connect-src 'self'");
    const docs = await h.http().get('/api/docs').expect(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('answers 404 with a detail for an /api/v1 path no service owns', async () => {
    const response = await h
      .http()
      .get('/api/v1/nothing-here')
      .set('Authorization', `Bearer ${token}`)
      .expect(404);
    expect(response.body).toEqual({ detail: 'Not found' });
  });
});
