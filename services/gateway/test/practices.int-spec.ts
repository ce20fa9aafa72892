import { PracticeChangeV1, Topics } from '@pp/contracts';
import { createTestTopics, eventually, testConsumerGroup } from '@pp/testing';
import { Consumer, Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { TestPractice, TestUser } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';

describe('practices, locations and virtual numbers', () => {
  let h: GatewayHarness;
  let staff: TestUser;
  let outsider: TestUser;
  let mine: TestPractice;
  let second: TestPractice;
  let theirs: TestPractice;
  let empty: TestPractice;
  let token: string;
  let consumer: Consumer;
  const changes: PracticeChangeV1[] = [];

  beforeAll(async () => {
    // A loopback site tests serve (docs/product/settings.md#practice-settings-validation, CRAWL_ALLOWED_HOSTS).
    h = await startGateway('practices', { CRAWL_ALLOWED_HOSTS: '127.0.0.1:38123' });
    staff = await h.tenants.user();
    outsider = await h.tenants.user();
    mine = await h.tenants.practice([staff], 'Bayside Aesthetics');
    second = await h.tenants.practice([staff], 'Allure Dental');
    theirs = await h.tenants.practice([outsider], 'Hidden Clinic');
    empty = await h.tenants.practice([staff], 'Zenith Skin');
    await h.dataSource.query(`DELETE FROM "gateway"."locations" WHERE "practice_id" = $1`, [
      empty.practice_id,
    ]);
    token = await h.login(staff);
    consumer = new Kafka({ brokers: h.gateway.config.KAFKA_BROKERS, logLevel: 0 }).consumer({
      groupId: testConsumerGroup(`test-practice-changes-${randomUUID()}`),
      maxWaitTimeInMs: 500,
    });
    await consumer.connect();
    const [topic] = await createTestTopics(h.gateway.config.KAFKA_BROKERS, [Topics.practiceChanges]);
    await consumer.subscribe({ topic, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        changes.push(JSON.parse(message.value!.toString()) as PracticeChangeV1);
      },
    });
    await eventually(async () => consumer.describeGroup().then((group) => group.state === 'Stable'), 15000);
  });

  afterAll(async () => {
    await consumer.disconnect();
    await h.stop();
  });

  const auth = () => ({ Authorization: `Bearer ${token}` });
  const practicePath = (practice: TestPractice) => `/api/v1/practices/${practice.practice_id}`;

  it('lists only the user own practices, by name', async () => {
    const response = await h.http().get('/api/v1/users/me/practices').set(auth()).expect(200);
    expect(response.body).toEqual([
      { practice_id: second.practice_id, name: 'Allure Dental' },
      { practice_id: mine.practice_id, name: 'Bayside Aesthetics' },
      { practice_id: empty.practice_id, name: 'Zenith Skin' },
    ]);
  });

  it('gives lists a Content-Range total that react-admin can read', async () => {
    const practices = await h.http().get('/api/v1/users/me/practices').set(auth()).expect(200);
    expect(practices.headers['content-range']).toBe('practices 0-2/3');
    expect(practices.headers['access-control-expose-headers']).toBe('Content-Range');

    // ra-data-simple-rest's own query (sort, range, filter) is accepted.
    const locations = await h
      .http()
      .get(`${practicePath(mine)}/locations`)
      .query({ sort: '["id","ASC"]', range: '[0,24]', filter: '{}' })
      .set(auth())
      .expect(200);
    expect(locations.headers['content-range']).toBe(
      `locations 0-${locations.body.length - 1}/${locations.body.length}`,
    );
    expect(locations.body[0]).toEqual(expect.objectContaining({ id: locations.body[0].location_id }));

    const none = await h
      .http()
      .get(`${practicePath(empty)}/locations/`)
      .set(auth())
      .expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('locations */0');
  });

  it('returns a practice with its settings', async () => {
    const response = await h.http().get(practicePath(mine)).set(auth()).expect(200);
    expect(response.body).toMatchObject({
      practice_id: mine.practice_id,
      id: mine.practice_id,
      name: 'Bayside Aesthetics',
      website_url: 'https://clinic.example',
      automation_level: 'semi_auto',
      outreach_preferences: { enabled: true, channels: { sms: { enabled: true } }, custom_flag: 'kept' },
      site_key: expect.stringMatching(/^site_[0-9a-f]{24}$/),
    });
    const other = await h.dataSource.query(
      `SELECT "site_key" FROM "gateway"."practices" WHERE "practice_id" = $1`,
      [theirs.practice_id],
    );
    expect(other[0].site_key).not.toBe(response.body.site_key);
  });

  it('PATCH keeps outreach_preferences keys it was not sent and emits practice_updated', async () => {
    const response = await h
      .http()
      .patch(practicePath(mine))
      .set(auth())
      .send({
        outreach_preferences: { enforce_location_filtering: true, channels: { email: { enabled: true } } },
      })
      .expect(200);
    expect(response.body.outreach_preferences).toEqual({
      enabled: true,
      channels: { sms: { enabled: true }, email: { enabled: true } },
      custom_flag: 'kept',
      enforce_location_filtering: true,
    });
    const event = await eventually(async () =>
      changes.find((change) => change.type === 'practice_updated' && change.practice_id === mine.practice_id),
    );
    expect(event).toMatchObject({ v: 1, event_id: expect.any(String), occurred_at: expect.any(String) });
    // The snapshot carries the site key, unchanged by the update: read models learn it from here.
    expect(event).toMatchObject({ practice: { site_key: response.body.site_key } });
    expect(response.body.site_key).toMatch(/^site_[0-9a-f]{24}$/);
  });

  it('PATCH normalises the website and validates the automation level and name', async () => {
    const ok = await h
      .http()
      .patch(practicePath(mine))
      .set(auth())
      .send({
        website_url: 'baysideaesthetics.com',
        automation_level: 'full_auto',
        name: '  Bayside Aesthetics ',
      })
      .expect(200);
    expect(ok.body).toMatchObject({
      website_url: 'https://baysideaesthetics.com',
      automation_level: 'full_auto',
      name: 'Bayside Aesthetics',
    });
    const bad = await h
      .http()
      .patch(practicePath(mine))
      .set(auth())
      .send({ automation_level: 'yolo' })
      .expect(422);
    expect(bad.body.detail).toBe('automation_level must be one of: manual, semi_auto, full_auto');
    const badUrl = await h
      .http()
      .patch(practicePath(mine))
      .set(auth())
      .send({ website_url: 'not a site' })
      .expect(422);
    expect(badUrl.body).toEqual({ detail: 'Please enter a valid website URL' });
    const blank = await h.http().patch(practicePath(mine)).set(auth()).send({ name: '   ' }).expect(422);
    expect(blank.body).toEqual({ detail: 'Practice name is required' });
  });

  it('PATCH refuses a website on a loopback, private or link-local address unless CRAWL_ALLOWED_HOSTS lists it', async () => {
    for (const website_url of [
      'http://127.0.0.1:38124',
      'http://localhost:38123',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:38123',
      'http://10.0.0.7',
      'http://clinic.localhost',
    ]) {
      const refused = await h
        .http()
        .patch(practicePath(second))
        .set(auth())
        .send({ website_url })
        .expect(422);
      expect(refused.body).toEqual({ detail: 'Please enter a valid website URL' });
    }
    const allowed = await h
      .http()
      .patch(practicePath(second))
      .set(auth())
      .send({ website_url: 'http://127.0.0.1:38123/' })
      .expect(200);
    expect(allowed.body.website_url).toBe('http://127.0.0.1:38123/');
    const stored = await h.http().get(practicePath(second)).set(auth()).expect(200);
    expect(stored.body.website_url).toBe('http://127.0.0.1:38123/');
  });

  it('PATCH removes an outreach_preferences key or channel sent as null, and keeps the rest', async () => {
    await h
      .http()
      .patch(practicePath(second))
      .set(auth())
      .send({ outreach_preferences: { remembered_channels: { sms: { enabled: true } } } })
      .expect(200);
    const response = await h
      .http()
      .patch(practicePath(second))
      .set(auth())
      .send({
        outreach_preferences: { custom_flag: null, channels: { sms: null, email: { enabled: false } } },
      })
      .expect(200);
    expect(response.body.outreach_preferences).toEqual({
      enabled: true,
      channels: { email: { enabled: false } },
      remembered_channels: { sms: { enabled: true } },
    });
    const stored = await h.http().get(practicePath(second)).set(auth()).expect(200);
    expect(stored.body.outreach_preferences).toEqual(response.body.outreach_preferences);
  });

  it.each([
    [{ name: null }, 'Practice name is required'],
    [{ automation_level: null }, 'automation_level must be one of: manual, semi_auto, full_auto'],
    [{ outreach_preferences: null }, 'outreach_preferences must be an object'],
    [
      { outreach_preferences: { channels: { fax: { enabled: true } } } },
      'outreach_preferences.channels.fax is not a channel (email, phone, sms, chat)',
    ],
    [
      { outreach_preferences: { extra: { a: { b: { c: 1 } } } } },
      'outreach_preferences is nested too deeply (3 levels at most)',
    ],
    [
      { outreach_preferences: { notes: 'x'.repeat(9000) } },
      'outreach_preferences is too large (8 KB at most)',
    ],
    [{ name: 'Glow\u0000' }, 'Text cannot contain NUL (\\u0000) characters'],
  ])('PATCH refuses %j with 422 and changes nothing', async (body, detail) => {
    const before = await h.http().get(practicePath(second)).set(auth()).expect(200);
    const response = await h.http().patch(practicePath(second)).set(auth()).send(body).expect(422);
    expect(response.body).toEqual({ detail });
    const after = await h.http().get(practicePath(second)).set(auth()).expect(200);
    expect(after.body).toEqual(before.body);
  });

  describe('locations', () => {
    it('creates a location with the spec defaults, not primary, inheriting hours', async () => {
      const response = await h
        .http()
        .post(`${practicePath(mine)}/locations/`)
        .set(auth())
        .send({})
        .expect(201);
      expect(response.body).toMatchObject({
        location_id: expect.any(String),
        practice_id: mine.practice_id,
        name: 'New Location',
        address: 'Address to be updated',
        timezone: 'America/New_York',
        phone: '',
        is_primary: false,
        is_active: true,
        business_hours: null,
      });
    });

    it('makes the first location of a practice primary with default hours', async () => {
      const response = await h
        .http()
        .post(`${practicePath(empty)}/locations/`)
        .set(auth())
        .send({ name: 'Downtown', is_primary: false })
        .expect(201);
      expect(response.body.is_primary).toBe(true);
      expect(response.body.business_hours.monday).toEqual({ open: '09:00', close: '17:00', closed: false });
      expect(response.body.business_hours.sunday.closed).toBe(true);
    });

    it('keeps exactly one primary when another location becomes primary', async () => {
      const created = await h
        .http()
        .post(`${practicePath(mine)}/locations/`)
        .set(auth())
        .send({
          name: 'Westside',
          address: '9 Oak St, Austin, TX 78703',
          timezone: 'America/Chicago',
          phone: '5125550111',
        })
        .expect(201);
      expect(created.body.phone).toBe('(512) 555-0111');
      const promoted = await h
        .http()
        .patch(`${practicePath(mine)}/locations/${created.body.location_id}`)
        .set(auth())
        .send({ is_primary: true })
        .expect(200);
      expect(promoted.body.is_primary).toBe(true);
      expect(promoted.body.business_hours).not.toBeNull();
      const list = await h
        .http()
        .get(`${practicePath(mine)}/locations/`)
        .set(auth())
        .expect(200);
      const primaries = list.body.filter((location: { is_primary: boolean }) => location.is_primary);
      expect(primaries.map((location: { location_id: string }) => location.location_id)).toEqual([
        created.body.location_id,
      ]);
      expect(list.body[0].location_id).toBe(created.body.location_id);
      await eventually(async () =>
        changes.some(
          (change) =>
            change.type === 'location_updated' &&
            change.location.location_id === mine.primaryLocationId &&
            change.location.is_primary === false,
        ),
      );
    });

    it('refuses to unset or delete the primary directly', async () => {
      const list = await h
        .http()
        .get(`${practicePath(second)}/locations/`)
        .set(auth())
        .expect(200);
      const primary = list.body[0];
      const unset = await h
        .http()
        .patch(`${practicePath(second)}/locations/${primary.location_id}`)
        .set(auth())
        .send({ is_primary: false })
        .expect(409);
      expect(unset.body.detail).toMatch(/^The primary location cannot be unset directly/);
      const removed = await h
        .http()
        .delete(`${practicePath(second)}/locations/${primary.location_id}`)
        .set(auth())
        .expect(409);
      expect(removed.body.detail).toMatch(/^The primary location cannot be deleted/);
    });

    it('updates fields, overrides and resets hours, and deletes a secondary location', async () => {
      const created = await h
        .http()
        .post(`${practicePath(second)}/locations/`)
        .set(auth())
        .send({ name: 'Annex' });
      const path = `${practicePath(second)}/locations/${created.body.location_id}`;
      const hours = { monday: { open: '07:30', close: '12:00', closed: false } };
      const overridden = await h
        .http()
        .patch(path)
        .set(auth())
        .send({ business_hours: hours, name: 'Annex B' })
        .expect(200);
      expect(overridden.body.name).toBe('Annex B');
      expect(overridden.body.business_hours.monday).toEqual(hours.monday);
      expect(overridden.body.business_hours.tuesday).toEqual({
        open: '09:00',
        close: '17:00',
        closed: false,
      });
      const reset = await h.http().patch(path).set(auth()).send({ business_hours: null }).expect(200);
      expect(reset.body.business_hours).toBeNull();
      const deleted = await h.http().delete(path).set(auth()).expect(200);
      expect(deleted.body.location_id).toBe(created.body.location_id);
      await h.http().patch(path).set(auth()).send({ name: 'gone' }).expect(404);
      await eventually(async () =>
        changes.some(
          (change) => change.type === 'location_deleted' && change.location_id === created.body.location_id,
        ),
      );
    });

    it.each([
      [{ name: '' }, 'Location name is required'],
      [{ timezone: 'Mars/Olympus' }, 'Please choose a valid timezone'],
      [{ phone: '555-12' }, 'Please enter a valid 10-digit phone number'],
      [
        { business_hours: { monday: { open: '18:00', close: '09:00', closed: false } } },
        'business_hours.monday: closing time must be after opening time',
      ],
      [{ is_primary: 'yes' }, 'is_primary must be true or false'],
      [{ name: null }, 'Location name is required'],
      [{ address: null }, 'Street address is required'],
      [{ timezone: null }, 'Timezone is required'],
      [{ phone: null }, 'Please enter a valid 10-digit phone number'],
      [{ is_primary: null }, 'is_primary must be true or false'],
      [{ is_active: null }, 'is_active must be true or false'],
      [{ unknown_field: 1 }, 'property unknown_field should not exist'],
    ])('rejects %j with 422 and loses nothing', async (body, detail) => {
      const before = await h
        .http()
        .get(`${practicePath(mine)}/locations/`)
        .set(auth());
      const response = await h
        .http()
        .post(`${practicePath(mine)}/locations/`)
        .set(auth())
        .send(body)
        .expect(422);
      expect(response.body).toEqual({ detail });
      const after = await h
        .http()
        .get(`${practicePath(mine)}/locations/`)
        .set(auth());
      expect(after.body).toEqual(before.body);
    });
  });

  it('lists the practice virtual numbers', async () => {
    const response = await h
      .http()
      .get(`${practicePath(mine)}/virtual-numbers/`)
      .set(auth())
      .expect(200);
    expect(response.body).toEqual([
      expect.objectContaining({
        phone_number: expect.stringMatching(/^\+1512555\d{4}$/),
        is_active: true,
        assignment_type: 'practice_default',
        capabilities: { voice: true, sms: true },
      }),
    ]);
  });

  describe('another practice is invisible: 404 on every gateway route', () => {
    interface Route {
      method: 'get' | 'patch' | 'post' | 'delete';
      path: string;
      body?: object;
    }
    // {p}: the other practice, {l}: its primary location. Grows with every gateway route.
    const routes: Route[] = [
      { method: 'get', path: '/api/v1/practices/{p}' },
      { method: 'patch', path: '/api/v1/practices/{p}', body: { name: 'Taken over' } },
      { method: 'get', path: '/api/v1/practices/{p}/locations/' },
      { method: 'post', path: '/api/v1/practices/{p}/locations/', body: { name: 'Intruder' } },
      { method: 'patch', path: '/api/v1/practices/{p}/locations/{l}', body: { name: 'Intruder' } },
      { method: 'delete', path: '/api/v1/practices/{p}/locations/{l}' },
      { method: 'get', path: '/api/v1/practices/{p}/virtual-numbers/' },
    ];

    it.each(routes)('$method $path', async ({ method, path, body }) => {
      const url = path.replace('{p}', theirs.practice_id).replace('{l}', theirs.primaryLocationId);
      const call = h.http()[method](url).set(auth());
      const response = await (body ? call.send(body) : call);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Practice not found' });
    });

    it('a location of another practice addressed through my practice is not found either', async () => {
      const url = `${practicePath(mine)}/locations/${theirs.primaryLocationId}`;
      await h.http().patch(url).set(auth()).send({ name: 'x' }).expect(404);
      await h.http().delete(url).set(auth()).expect(404);
    });

    it('left their data untouched', async () => {
      const [row] = await h.dataSource.query(
        `SELECT "name" FROM "gateway"."practices" WHERE "practice_id" = $1`,
        [theirs.practice_id],
      );
      expect(row.name).toBe('Hidden Clinic');
      const locations = await h.dataSource.query(
        `SELECT "name" FROM "gateway"."locations" WHERE "practice_id" = $1`,
        [theirs.practice_id],
      );
      expect(locations).toEqual([{ name: 'Main Office' }]);
    });
  });
});
