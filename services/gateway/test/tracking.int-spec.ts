import { FormSubmittedV1, PageviewV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import {
  createTestDatabase,
  eventually,
  ServiceProcess,
  startBuiltService,
  TestDatabase,
  TopicReader,
  TRACKING_PREFLIGHT,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { gatewayDatabase } from '../src/database/database';
import { publishPracticeSnapshots } from '../src/practices/practice-snapshot';
import { TestPractice } from './factories/tenants';
import { GatewayHarness, startGateway } from './gateway-harness';

const PATH = '/api/v1/tracking/events';
const WEBSITE = 'https://www.bayside-aesthetics.example';

const formEvent = () => ({
  event_id: randomUUID(),
  type: 'form',
  visitor_id: 'v_1',
  session_id: 's_1',
  url: `${WEBSITE}/contact`,
  occurred_at: new Date().toISOString(),
  fields: { name: 'Ana Silva', email: 'ana.silva@example.com' },
});

/**
 * The public tracking ingress through the gateway, for real: analytics from its build (`npm run build`)
 * learns the practice's site key from the gateway's own practice.changes snapshot; the snippet posts with no
 * token from the practice's website (another origin).
 */
describe('the tracking ingress through the gateway (public, CORS, the client address)', () => {
  let analyticsDb: TestDatabase;
  let analytics: ServiceProcess;
  let h: GatewayHarness;
  let strict: GatewayHarness;
  let practice: TestPractice;
  let siteKey: string;
  let forms: TopicReader<FormSubmittedV1>;
  let pageviews: TopicReader<PageviewV1>;

  beforeAll(async () => {
    analyticsDb = await createTestDatabase('gateway_tracking_analytics');
    analytics = await startBuiltService('analytics', {
      DATABASE_URL: analyticsDb.url,
      TRACKING_RATE_LIMIT_PER_IP: '0',
      // As a deployment behind Cloudflare sets it: the CDN's geo headers reach analytics through the gateway.
      TRACKING_GEO_HEADERS: 'cloudflare',
    });
    // The harness trusts any X-Forwarded-For (tests pick client addresses); `strict` trusts none (the default).
    h = await startGateway('gateway_tracking', { ANALYTICS_URL: analytics.url });
    strict = await startGateway('gateway_tracking_strict', {
      ANALYTICS_URL: analytics.url,
      TRUST_PROXY: 'false',
    });
    forms = await TopicReader.start<FormSubmittedV1>(h.gateway.config.KAFKA_BROKERS, Topics.trackingForms);
    pageviews = await TopicReader.start<PageviewV1>(h.gateway.config.KAFKA_BROKERS, Topics.trackingPageviews);
    const staff = await h.tenants.user();
    practice = await h.tenants.practice([staff], 'Bayside Aesthetics');
    const token = await h.login(staff);
    siteKey = (
      await h
        .http()
        .get(`/api/v1/practices/${practice.practice_id}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200)
    ).body.site_key as string;
    // The snapshot carries the site key: analytics' read model learns it from the gateway.
    await h.dataSource.transaction((manager) =>
      publishPracticeSnapshots(manager, new Outbox(gatewayDatabase.schema), [practice.practice_id]),
    );
    await eventually(async () => {
      const response = await h
        .http()
        .post(PATH)
        .send({ site_key: siteKey, events: [formEvent()] });
      return response.status === 202;
    }, 60_000);
  }, 180_000);

  afterAll(async () => {
    await forms?.stop();
    await pageviews?.stop();
    await strict?.stop();
    await h?.stop();
    await analytics?.stop();
    await analyticsDb?.drop();
  });

  const published = (eventId: string) =>
    eventually(
      async () => forms.where((message) => message.value.tracking_event_id === eventId).at(0),
      15_000,
    );

  it('accepts a batch with no token and opens it to any origin, without credentials', async () => {
    const event = formEvent();
    const response = await h
      .http()
      .post(PATH)
      .set('Origin', WEBSITE)
      .send({ site_key: siteKey, events: [event] })
      .expect(202);
    expect(response.body).toEqual({ accepted: 1 });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await published(event.event_id)).value.practice_id).toBe(practice.practice_id);
  });

  it("takes the website script's text/plain JSON (sendBeacon's type, no preflight) as the JSON it is", async () => {
    const event = formEvent();
    const response = await h
      .http()
      .post(PATH)
      .set('Origin', WEBSITE)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ site_key: siteKey, events: [event] }))
      .expect(202);
    expect(response.body).toEqual({ accepted: 1 });
    expect(response.headers['access-control-expose-headers']).toBe('Retry-After');
    expect((await published(event.event_id)).value.fields).toEqual(event.fields);
  });

  it('answers the browser preflight, and its errors are readable cross-origin too', async () => {
    const preflight = await h
      .http()
      .options(PATH)
      .set('Origin', WEBSITE)
      .set(TRACKING_PREFLIGHT.request)
      .expect(204);
    expect(preflight.headers).toMatchObject(TRACKING_PREFLIGHT.answer);
    const unknown = await h
      .http()
      .post(PATH)
      .set('Origin', WEBSITE)
      .send({ site_key: 'site_nobody', events: [formEvent()] })
      .expect(404);
    expect(unknown.body).toEqual({ detail: 'Unknown site key' });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it("keeps analytics' 64 KiB limit: a larger batch is refused with 413, readable cross-origin", async () => {
    const events = Array.from({ length: 40 }, () => ({
      ...formEvent(),
      fields: { message: 'x'.repeat(1800) },
    }));
    const response = await h
      .http()
      .post(PATH)
      .set('Origin', WEBSITE)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ site_key: siteKey, events }))
      .expect(413);
    expect(response.body).toEqual({ detail: 'The batch is too large (64 KiB at most)' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('carries the correlation id to analytics (into the event it publishes) and back', async () => {
    const event = formEvent();
    const correlationId = `it-tracking-${Date.now()}`;
    const response = await h
      .http()
      .post(PATH)
      .set('X-Correlation-Id', correlationId)
      .send({ site_key: siteKey, events: [event] })
      .expect(202);
    expect(response.headers['x-correlation-id']).toBe(correlationId);
    expect((await published(event.event_id)).headers).toMatchObject({ correlation_id: correlationId });
  });

  it('opens no other path to other origins', async () => {
    const preflight = await h
      .http()
      .options('/api/v1/people/')
      .set('Origin', WEBSITE)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const login = await h.http().post('/api/v1/auth/login').set('Origin', WEBSITE).type('form').send({});
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("records the client's address as the gateway determined it (TRUST_PROXY trusting the proxy in front)", async () => {
    const event = formEvent();
    await h
      .http()
      .post(PATH)
      .set('X-Forwarded-For', '203.0.113.77')
      .send({ site_key: siteKey, events: [event] })
      .expect(202);
    expect((await published(event.event_id)).value.ip).toBe('203.0.113.77');
  });

  it('never passes on an X-Forwarded-For the client made up (TRUST_PROXY false: the socket address)', async () => {
    const event = formEvent();
    await strict
      .http()
      .post(PATH)
      .set('X-Forwarded-For', '203.0.113.99, 198.51.100.1')
      .send({ site_key: siteKey, events: [event] })
      .expect(202);
    expect((await published(event.event_id)).value.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("passes the CDN's geo headers on to analytics, which places the visitor where the CDN says", async () => {
    const event = {
      event_id: randomUUID(),
      type: 'pageview',
      visitor_id: 'v_geo',
      session_id: 's_geo',
      url: `${WEBSITE}/services/botox`,
      title: 'Botox',
      occurred_at: new Date().toISOString(),
    };
    await h
      .http()
      .post(PATH)
      // A visitor's browser (the ingress drops bots' pageviews).
      .set(
        'User-Agent',
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      )
      .set('CF-IPCountry', 'US')
      .set('CF-IPCity', 'Austin')
      .set('CF-Region', 'Texas')
      .set('CF-IPLatitude', '30.2672')
      .set('CF-IPLongitude', '-97.7431')
      .send({ site_key: siteKey, events: [event] })
      .expect(202);
    const message = await eventually(
      async () => pageviews.where((m) => m.value.tracking_event_id === event.event_id).at(0),
      15_000,
    );
    expect(message.value.geo).toEqual({
      country_code: 'US',
      city: 'Austin',
      region: 'Texas',
      latitude: 30.2672,
      longitude: -97.7431,
      via: 'cloudflare',
    });
  });
});
