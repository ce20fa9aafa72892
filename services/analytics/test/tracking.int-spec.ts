import { FormSubmittedV1, PageviewV1, Topics, TRACKING_LIMITS } from '@pp/contracts';
import { KafkaConsumerStatus } from '@pp/platform';
import {
  eventually,
  freePort,
  publishPracticeSnapshot,
  testPracticeSnapshot,
  TestPracticeSnapshot,
  TopicReader,
  testTopic,
  TRACKING_PREFLIGHT,
} from '@pp/testing';
import { Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { v5 as uuidv5 } from 'uuid';
import { AnalyticsHarness, startAnalytics } from './analytics-harness';

const PATH = '/api/v1/tracking/events';

/** A distinct client address per test: the per-IP limit counts per address, in a Redis shared by every run. */
const randomIp = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function form(overrides: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    type: 'form',
    visitor_id: 'v_8f2a61',
    session_id: 's_19c0d4',
    url: 'https://www.glow.example/contact?utm_source=google',
    title: 'Book a consultation',
    referrer: 'https://www.google.com/',
    occurred_at: new Date(Date.now() - 2000).toISOString(),
    fields: {
      full_name: 'María Pérez',
      email: 'maria.perez@example.com',
      phone: '(214) 555-0199',
      message: '¿Cuánto cuesta el botox?',
    },
    ...overrides,
  };
}

const pageview = (overrides: Record<string, unknown> = {}) => {
  const event: Record<string, unknown> = form({ type: 'pageview', title: 'Botox | Glow', ...overrides });
  delete event.fields;
  return event as Omit<ReturnType<typeof form>, 'fields'>;
};

/** The sum of the test run's topic's end offsets: what Kafka has acknowledged so far. */
async function endOffset(brokers: string[], topic: string): Promise<number> {
  const admin = new Kafka({ brokers, logLevel: 0 }).admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(testTopic(topic));
    return offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
  } finally {
    await admin.disconnect();
  }
}

describe('the public tracking ingress (POST /api/v1/tracking/events)', () => {
  let analytics: AnalyticsHarness;
  let glow: TestPracticeSnapshot;
  let forms: TopicReader<FormSubmittedV1>;
  let pageviews: TopicReader<PageviewV1>;
  let brokers: string[];

  const post = (body: unknown, ip = randomIp()) =>
    analytics
      .http()
      .post(PATH)
      .set('X-Forwarded-For', ip)
      .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)')
      .send(body as object);
  const formsOf = (practiceId: string) => forms.where((message) => message.value.practice_id === practiceId);

  beforeAll(async () => {
    // The limits are off here; each has its own instance below.
    analytics = await startAnalytics('analytics_tracking', {
      TRACKING_RATE_LIMIT_PER_IP: '0',
      TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
    });
    brokers = analytics.service.config.KAFKA_BROKERS;
    forms = await TopicReader.start<FormSubmittedV1>(brokers, Topics.trackingForms);
    pageviews = await TopicReader.start<PageviewV1>(brokers, Topics.trackingPageviews);
    glow = await analytics.publishPractice();
  }, 120_000);

  afterAll(async () => {
    await forms?.stop();
    await pageviews?.stop();
    await analytics?.stop();
  });

  it('answers 202 {accepted} only once Kafka has the batch, forms on tracking.forms with every field', async () => {
    const ip = randomIp();
    const first = form();
    const second = form({ fields: { name: 'Tom Lee', tel: '2145550100' }, title: null, referrer: null });
    const view = pageview();
    const formsBefore = await endOffset(brokers, Topics.trackingForms);
    const viewsBefore = await endOffset(brokers, Topics.trackingPageviews);
    const started = Date.now();

    const response = await post(
      { site_key: glow.practice.site_key, events: [first, view, second] },
      ip,
    ).expect(202);

    expect(response.body).toEqual({ accepted: 3 });
    // Acknowledged (acks = all) before the answer: the records are below the end offsets already.
    expect(await endOffset(brokers, Topics.trackingForms)).toBeGreaterThanOrEqual(formsBefore + 2);
    expect(await endOffset(brokers, Topics.trackingPageviews)).toBeGreaterThanOrEqual(viewsBefore + 1);
    const published = await eventually(async () => {
      const mine = formsOf(glow.practice.practice_id).filter((message) =>
        [first.event_id, second.event_id].includes(message.value.tracking_event_id as typeof first.event_id),
      );
      return mine.length === 2 && mine;
    }, 15_000);
    const [one, two] = published;
    expect(one.key).toBe(glow.practice.practice_id);
    expect(one.headers).toMatchObject({ event_id: one.value.event_id, event_type: 'form_submitted' });
    expect(one.value).toEqual({
      v: 1,
      type: 'form_submitted',
      event_id: uuidv5(first.event_id, glow.practice.practice_id),
      practice_id: glow.practice.practice_id,
      occurred_at: first.occurred_at,
      tracking_event_id: first.event_id,
      visitor_id: 'v_8f2a61',
      session_id: 's_19c0d4',
      url: first.url,
      title: 'Book a consultation',
      referrer: 'https://www.google.com/',
      submitted_at: first.occurred_at,
      received_at: expect.any(String),
      fields: first.fields,
      ip,
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    });
    const received = Date.parse(one.value.received_at);
    expect(received).toBeGreaterThanOrEqual(started - 1000);
    expect(received).toBeLessThanOrEqual(Date.now());
    expect(two.value).toMatchObject({
      tracking_event_id: second.event_id,
      title: null,
      referrer: null,
      fields: { name: 'Tom Lee', tel: '2145550100' },
    });
    const view_ = await eventually(async () =>
      pageviews.where((message) => message.value.tracking_event_id === view.event_id).at(0),
    );
    expect(view_.key).toBe(glow.practice.practice_id);
    expect(view_.value).toMatchObject({
      type: 'pageview',
      event_id: uuidv5(view.event_id, glow.practice.practice_id),
      practice_id: glow.practice.practice_id,
      url: view.url,
      title: 'Botox | Glow',
      viewed_at: view.occurred_at,
      ip,
      // Classified by the ingress: utm_source=google without a paid medium is Google organic.
      source: 'google',
      utm: { source: 'google' },
      click_ids: {},
    });
    // A pageview is not a form: nothing of it on tracking.forms.
    expect(forms.where((message) => message.value.tracking_event_id === view.event_id)).toEqual([]);
  });

  it('gives a repeated event the same envelope event id (people creates nothing new); another practice another', async () => {
    const other = await analytics.publishPractice(testPracticeSnapshot({ name: 'Northside Dental' }));
    const event = form();
    await post({ site_key: glow.practice.site_key, events: [event] }).expect(202);
    await post({ site_key: glow.practice.site_key, events: [event] }).expect(202);
    await post({ site_key: other.practice.site_key, events: [event] }).expect(202);

    const copies = await eventually(async () => {
      const seen = forms.where((message) => message.value.tracking_event_id === event.event_id);
      return seen.length === 3 && seen;
    }, 15_000);
    const ids = (practiceId: string) =>
      copies.filter((copy) => copy.value.practice_id === practiceId).map((copy) => copy.value.event_id);
    const expected = uuidv5(event.event_id, glow.practice.practice_id);
    expect(ids(glow.practice.practice_id)).toEqual([expected, expected]);
    expect(ids(other.practice.practice_id)).toHaveLength(1);
    expect(ids(other.practice.practice_id)[0]).not.toBe(expected);
  });

  it('publishes heartbeats and pageleaves on tracking.pageviews with the pageview they time', async () => {
    const view = pageview();
    const leave = { ...pageview({ type: 'pageleave', pageview_id: view.event_id, duration_seconds: 37.4 }) };
    await post({ site_key: glow.practice.site_key, events: [view, leave] }).expect(202);
    const published = await eventually(async () =>
      pageviews.where((message) => message.value.tracking_event_id === leave.event_id).at(0),
    );
    expect(published.headers).toMatchObject({ event_type: 'pageleave' });
    expect(published.value).toEqual({
      v: 1,
      type: 'pageleave',
      event_id: uuidv5(leave.event_id, glow.practice.practice_id),
      practice_id: glow.practice.practice_id,
      occurred_at: leave.occurred_at,
      tracking_event_id: leave.event_id,
      pageview_id: view.event_id,
      visitor_id: leave.visitor_id,
      session_id: leave.session_id,
      url: leave.url,
      duration_seconds: 37,
      received_at: expect.any(String),
    });
  });

  it("takes an occurred_at ahead of the server's clock as the receive time", async () => {
    const event = form({ occurred_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    const before = Date.now();
    await post({ site_key: glow.practice.site_key, events: [event] }).expect(202);
    const published = await eventually(async () =>
      forms.where((message) => message.value.tracking_event_id === event.event_id).at(0),
    );
    expect(published.value.submitted_at).toBe(published.value.received_at);
    expect(Date.parse(published.value.submitted_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(published.value.submitted_at)).toBeLessThanOrEqual(Date.now());
  });

  it('stops accepting a site key as soon as its practice changed it or another practice took it over', async () => {
    // The ingress keeps site keys in memory (PracticeReadModel.bySiteKey, for seconds): a change applied to the
    // read model must still count from the next request on, not once the remembered answer expires.
    const ownerOf = async (siteKey: string): Promise<string | null> => {
      const rows: { practice_id: string }[] = await analytics.dataSource.query(
        `SELECT "practice_id" FROM "analytics"."practices" WHERE "site_key" = $1`,
        [siteKey],
      );
      return rows[0]?.practice_id ?? null;
    };
    const practice = await analytics.publishPractice();
    const oldKey = practice.practice.site_key;
    const newKey = `site_${randomUUID().replace(/-/g, '')}`;
    await post({ site_key: oldKey, events: [pageview()] }).expect(202);

    // The practice changes its site key: the old one is unknown at once.
    const rotated = testPracticeSnapshot({ ...practice.practice, site_key: newKey }, practice.locations);
    await publishPracticeSnapshot(brokers, rotated);
    await eventually(async () => (await ownerOf(newKey)) === practice.practice.practice_id, 30_000);
    const refused = await post({ site_key: oldKey, events: [pageview()] }).expect(404);
    expect(refused.body).toEqual({ detail: 'Unknown site key' });
    await post({ site_key: newKey, events: [pageview()] }).expect(202);

    // Another practice takes the key over: its events are that practice's from the next request on.
    const successor = testPracticeSnapshot({ name: 'Northside Dental', site_key: newKey });
    await publishPracticeSnapshot(brokers, successor);
    await eventually(async () => (await ownerOf(newKey)) === successor.practice.practice_id, 30_000);
    const view = pageview();
    await post({ site_key: newKey, events: [view] }).expect(202);
    const published = await eventually(async () =>
      pageviews.where((message) => message.value.tracking_event_id === view.event_id).at(0),
    );
    expect(published.value.practice_id).toBe(successor.practice.practice_id);
  });

  it('answers 404 "Unknown site key" for a key no practice has', async () => {
    const response = await post({ site_key: 'site_nobody', events: [form()] }).expect(404);
    expect(response.body).toEqual({ detail: 'Unknown site key' });
  });

  describe('refuses a batch that breaks a rule, whole, naming the rule (422), and publishes none of it', () => {
    const tooManyFields = Object.fromEntries(
      Array.from({ length: TRACKING_LIMITS.maxFieldsPerForm + 1 }, (_, i) => [`field_${i}`, 'x']),
    );
    const cases: [string, (siteKey: string) => unknown, string][] = [
      ['a JSON array', () => [form()], 'The body must be a JSON object with site_key and events'],
      ['no site key', () => ({ events: [form()] }), 'site_key is required'],
      ['a blank site key', () => ({ site_key: '  ', events: [form()] }), 'site_key is required'],
      ['no events', (key) => ({ site_key: key }), 'events must be a list of events'],
      ['an empty list', (key) => ({ site_key: key, events: [] }), 'events must contain at least one event'],
      [
        '51 events',
        (key) => ({ site_key: key, events: Array.from({ length: 51 }, () => pageview()) }),
        'A batch holds at most 50 events',
      ],
      [
        'an event that is not an object',
        (key) => ({ site_key: key, events: ['x'] }),
        'events[0] must be an object',
      ],
      [
        'an unknown type',
        (key) => ({ site_key: key, events: [form({ type: 'click' })] }),
        'events[0].type must be pageview, heartbeat, pageleave or form',
      ],
      [
        'no event id',
        (key) => ({ site_key: key, events: [pageview(), form({ event_id: undefined })] }),
        'events[1].event_id is required',
      ],
      [
        'a 201-character visitor id',
        (key) => ({ site_key: key, events: [form({ visitor_id: 'v'.repeat(201) })] }),
        'events[0].visitor_id is too long (200 characters at most)',
      ],
      [
        'a javascript: url',
        (key) => ({ site_key: key, events: [form({ url: 'javascript:alert(1)' })] }),
        'events[0].url must be an http(s) URL',
      ],
      [
        'an ftp url',
        (key) => ({ site_key: key, events: [form({ url: 'ftp://glow.example/form' })] }),
        'events[0].url must be an http(s) URL',
      ],
      [
        'a date that is not ISO 8601',
        (key) => ({ site_key: key, events: [form({ occurred_at: 'yesterday' })] }),
        'events[0].occurred_at must be an ISO 8601 date-time with a time zone',
      ],
      [
        '30 February',
        (key) => ({ site_key: key, events: [form({ occurred_at: '2026-02-30T10:00:00Z' })] }),
        'events[0].occurred_at must be an ISO 8601 date-time with a time zone',
      ],
      [
        'a form without fields',
        (key) => ({ site_key: key, events: [form({ fields: undefined })] }),
        'events[0].fields must be an object of form fields (name: text)',
      ],
      [
        '51 fields',
        (key) => ({ site_key: key, events: [form({ fields: tooManyFields })] }),
        'events[0].fields holds at most 50 fields',
      ],
      [
        'a 201-character field name',
        (key) => ({ site_key: key, events: [form({ fields: { ['n'.repeat(201)]: 'x' } })] }),
        'events[0].fields has a field name longer than 200 characters',
      ],
      [
        'a 5,001-character value',
        (key) => ({ site_key: key, events: [form({ fields: { message: 'm'.repeat(5001) } })] }),
        'events[0].fields["message"] is too long (5,000 characters at most)',
      ],
      [
        'a heartbeat with a duration beyond a day',
        (key) => ({ site_key: key, events: [pageview({ type: 'heartbeat', duration_seconds: 86_401 })] }),
        'events[0].duration_seconds must be a number of seconds from 0 to 86,400',
      ],
      [
        'a pageleave with a duration that is not a number',
        (key) => ({ site_key: key, events: [pageview({ type: 'pageleave', duration_seconds: '12' })] }),
        'events[0].duration_seconds must be a number of seconds from 0 to 86,400',
      ],
      [
        'a value that is not text',
        (key) => ({ site_key: key, events: [form({ fields: { age: 34 } })] }),
        'events[0].fields["age"] must be text',
      ],
    ];

    it.each(cases)('%s', async (_label, body, detail) => {
      const response = await post(body(glow.practice.site_key)).expect(422);
      expect(response.body).toEqual({ detail });
    });

    it('takes the limits themselves: 50 events, 50 fields, 200-character names, 5,000-character values', async () => {
      const fields = Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [
          `${'n'.repeat(195)}_${String(i).padStart(3, '0')}`,
          'v'.repeat(100),
        ]),
      );
      fields.message = 'm'.repeat(5000);
      delete fields[Object.keys(fields)[0]];
      const events = [form({ fields }), ...Array.from({ length: 49 }, () => pageview())];
      const response = await post({ site_key: glow.practice.site_key, events }).expect(202);
      expect(response.body).toEqual({ accepted: 50 });
    });

    it('published nothing of a refused batch', async () => {
      const practice = await analytics.publishPractice();
      const valid = form();
      await post({
        site_key: practice.practice.site_key,
        events: [valid, form({ url: 'mailto:x@y.z' })],
      }).expect(422);
      const sentinel = form();
      await post({ site_key: practice.practice.site_key, events: [sentinel] }).expect(202);
      await eventually(async () => formsOf(practice.practice.practice_id).length > 0, 15_000);
      expect(
        formsOf(practice.practice.practice_id).map((message) => message.value.tracking_event_id),
      ).toEqual([sentinel.event_id]);
    });
  });

  it('refuses a body over 64 KiB with 413, before reading it', async () => {
    const big = {
      site_key: glow.practice.site_key,
      events: [form({ fields: { message: 'x'.repeat(70_000) } })],
    };
    const response = await post(big).expect(413);
    expect(response.body).toEqual({ detail: 'The batch is too large (64 KiB at most)' });
  });

  describe("answers a practice's website itself (a Kubernetes ingress routes the path here, no gateway: ADR 0033)", () => {
    const WEBSITE = 'https://www.glow.example';
    /** As the tracking script posts: text/plain JSON (sendBeacon's type, a CORS "simple" request). */
    const beacon = (body: unknown, ip = randomIp()) =>
      analytics
        .http()
        .post(PATH)
        .set('Origin', WEBSITE)
        .set('X-Forwarded-For', ip)
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .send(JSON.stringify(body));

    it('takes the text/plain JSON and opens the answer to any origin, without credentials, never cached', async () => {
      const event = form();
      const response = await beacon({ site_key: glow.practice.site_key, events: [event] }).expect(202);
      expect(response.body).toEqual({ accepted: 1 });
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'Retry-After',
        'cross-origin-resource-policy': 'cross-origin',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      const published = await eventually(
        async () =>
          formsOf(glow.practice.practice_id).find((m) => m.value.tracking_event_id === event.event_id),
        15_000,
      );
      expect(published.value.fields).toEqual(event.fields);
    });

    it('answers the preflight with 204, and its refusals (404, 413) are readable cross-origin', async () => {
      const preflight = await analytics
        .http()
        .options(PATH)
        .set('Origin', WEBSITE)
        .set(TRACKING_PREFLIGHT.request)
        .expect(204);
      expect(preflight.headers).toMatchObject(TRACKING_PREFLIGHT.answer);
      const unknown = await beacon({ site_key: 'site_nobody', events: [form()] }).expect(404);
      expect(unknown.body).toEqual({ detail: 'Unknown site key' });
      expect(unknown.headers['access-control-allow-origin']).toBe('*');
      const events = Array.from({ length: 40 }, () => form({ fields: { message: 'x'.repeat(1800) } }));
      const tooLarge = await beacon({ site_key: glow.practice.site_key, events }).expect(413);
      expect(tooLarge.body).toEqual({ detail: 'The batch is too large (64 KiB at most)' });
      expect(tooLarge.headers['access-control-allow-origin']).toBe('*');
    });

    it('opens no other path of analytics to other origins', async () => {
      const preflight = await analytics
        .http()
        .options('/api/v1/analytics/metrics')
        .set('Origin', WEBSITE)
        .set('Access-Control-Request-Method', 'GET');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const metrics = await analytics.http().get('/api/v1/analytics/metrics').set('Origin', WEBSITE);
      expect(metrics.status).toBe(401);
      expect(metrics.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('records the address the ingress controller saw (TRUST_PROXY=1), not one the client named', async () => {
      const api = await analytics.sibling({ ROLE: 'api', TRUST_PROXY: '1', TRACKING_RATE_LIMIT_PER_IP: '0' });
      const event = form();
      await request(api.app.getHttpServer())
        .post(PATH)
        // The client wrote the first entry; the controller appended the address it saw.
        .set('X-Forwarded-For', '192.0.2.1, 203.0.113.77')
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ site_key: glow.practice.site_key, events: [event] }))
        .expect(202);
      const published = await eventually(
        async () =>
          formsOf(glow.practice.practice_id).find((m) => m.value.tracking_event_id === event.event_id),
        15_000,
      );
      expect(published.value.ip).toBe('203.0.113.77');
    });
  });

  it('runs the ingress without a consumer in an api process (ROLE=api); a worker or all process keeps its events', async () => {
    // The ingress and the pageview batches as separate processes: an api process publishes, this file's main
    // instance (ROLE all) consumes what it published.
    const api = await analytics.sibling({ ROLE: 'api', TRACKING_RATE_LIMIT_PER_IP: '0' });
    expect(api.app.get(KafkaConsumerStatus).hasConsumer).toBe(false);
    expect(analytics.service.app.get(KafkaConsumerStatus).hasConsumer).toBe(true);
    const view = pageview();
    await request(api.app.getHttpServer())
      .post(PATH)
      .send({ site_key: glow.practice.site_key, events: [view] })
      .expect(202);
    await eventually(async () => {
      const rows: unknown[] = await analytics.dataSource.query(
        `SELECT 1 FROM "analytics"."pageviews" WHERE "tracking_event_id" = $1`,
        [view.event_id],
      );
      return rows.length === 1;
    }, 30_000);
  });

  it('answers 503 and accepts nothing when Kafka does not acknowledge in time', async () => {
    // Another instance on the same database (it knows the site keys) whose Kafka is out of reach; no consumer.
    const unreachable = await analytics.sibling({
      ROLE: 'api',
      KAFKA_BROKERS: `127.0.0.1:${await freePort()}`,
      TRACKING_PUBLISH_TIMEOUT_MS: '500',
      TRACKING_RATE_LIMIT_PER_IP: '0',
    });
    const event = form();
    const response = await request(unreachable.app.getHttpServer())
      .post(PATH)
      .send({ site_key: glow.practice.site_key, events: [event] })
      .expect(503);
    expect(response.body).toEqual({
      detail:
        'Tracking is unavailable right now; nothing was accepted. Please send the events again shortly.',
    });
  });

  describe('rate limits', () => {
    let limited: AnalyticsHarness;
    let practice: TestPracticeSnapshot;

    beforeAll(async () => {
      limited = await startAnalytics('analytics_tracking_limits', {
        TRACKING_RATE_LIMIT_PER_IP: '2',
        TRACKING_RATE_LIMIT_PER_SITE_KEY: '3',
      });
      practice = await limited.publishPractice();
    }, 120_000);

    afterAll(async () => {
      await limited?.stop();
    });

    const burst = (count: number, ip: () => string, siteKey = practice.practice.site_key) =>
      Promise.all(
        Array.from({ length: count }, () =>
          limited
            .http()
            .post(PATH)
            .set('X-Forwarded-For', ip())
            .send({ site_key: siteKey, events: [pageview()] }),
        ),
      );

    it('answers 429 with Retry-After beyond TRACKING_RATE_LIMIT_PER_IP requests per second from one address', async () => {
      // Two sites of their own: the site key limit (3) is not what refuses here.
      const [mine, theirs_] = [await limited.publishPractice(), await limited.publishPractice()];
      const ip = randomIp();
      const responses = await burst(8, () => ip, mine.practice.site_key);
      const refused = responses.filter((response) => response.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused[0].body).toEqual({
        detail: 'Too many tracking requests. Please try again in 1 second.',
      });
      // Another address is not affected.
      const other = randomIp();
      const theirs = await burst(2, () => other, theirs_.practice.site_key);
      expect(theirs.map((response) => response.status)).toEqual([202, 202]);
    });

    it('answers 429 beyond TRACKING_RATE_LIMIT_PER_SITE_KEY requests per second for one site', async () => {
      const responses = await burst(10, randomIp);
      expect(responses.filter((response) => response.status === 429).length).toBeGreaterThan(0);
      expect(responses.filter((response) => response.status === 202).length).toBeGreaterThan(0);
      const refused = responses.find((response) => response.status === 429)!;
      expect(refused.headers['retry-after']).toBe('1');
      // Another practice's site is not affected.
      const other = await limited.publishPractice();
      const theirs = await burst(1, randomIp, other.practice.site_key);
      expect(theirs[0].status).toBe(202);
    });

    it('counts nothing with TRACKING_RATE_LIMIT_PER_IP=0 (the main instance)', async () => {
      const ip = randomIp();
      const responses = await Promise.all(
        Array.from({ length: 30 }, () =>
          post({ site_key: glow.practice.site_key, events: [pageview()] }, ip),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(30).fill(202));
    });
  });
});
