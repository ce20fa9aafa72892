import { LeadEventV1, LeadPageviewV1, PageviewV1, RealtimePageviewsResponse, Topics } from '@pp/contracts';
import { databaseConsumerGroup } from '@pp/platform';
import {
  eventually,
  leadPersonData,
  publishEvents,
  RunningService,
  testCaller,
  testPracticeSnapshot,
  TestPracticeSnapshot,
  TopicReader,
  testConsumerGroup,
  testTopic,
} from '@pp/testing';
import { Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { v5 as uuidv5 } from 'uuid';
import { AnalyticsConfig } from '../src/config';
import { LeadPageviewsBackfill1764900000000 } from '../src/database/migrations/1764900000000-LeadPageviewsBackfill';
import { LeadLinksService } from '../src/pageviews/lead-links.service';
import { PageviewIngestService } from '../src/pageviews/pageview-ingest.service';
import { AnalyticsHarness, startAnalytics } from './analytics-harness';
import { PrivateBroker } from './private-broker';

const PATH = '/api/v1/tracking/events';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const SITE = 'https://www.glow.example';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A client address per request: a private one, so no location from the IP database. */
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

function pageview(overrides: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    type: 'pageview',
    visitor_id: 'v_anon',
    session_id: 's_1',
    url: `${SITE}/services/botox`,
    title: 'Botox | Glow',
    referrer: null as string | null,
    occurred_at: minutesAgo(0.05),
    ...overrides,
  };
}

function timing(type: 'heartbeat' | 'pageleave', overrides: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    type,
    visitor_id: 'v_anon',
    session_id: 's_1',
    url: `${SITE}/services/botox`,
    occurred_at: new Date().toISOString(),
    ...overrides,
  };
}

interface PageviewRow {
  event_id: string;
  tracking_event_id: string;
  visitor_id: string;
  session_id: string;
  source: string;
  path: string;
  utm: Record<string, string>;
  click_ids: Record<string, string>;
  country_code: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  duration_seconds: number | null;
  left_at: Date | null;
  person_id: string | null;
}

describe('the pageview pipeline (tracking.pageviews → analytics tables → Realtime)', () => {
  let analytics: AnalyticsHarness;
  /** The instance consuming now (the harness's, then its replacement after a restart). */
  let current: RunningService<AnalyticsConfig>;
  let brokers: string[];
  let glow: TestPracticeSnapshot;
  let other: TestPracticeSnapshot;

  const post = (
    practice: TestPracticeSnapshot,
    events: unknown[],
    headers: Record<string, string> = {},
    userAgent = BROWSER,
  ) =>
    request(current.app.getHttpServer())
      .post(PATH)
      .set('X-Forwarded-For', headers['X-Forwarded-For'] ?? randomIp())
      .set('User-Agent', userAgent)
      .set(headers)
      .send({ site_key: practice.practice.site_key, events });
  const query = <T>(sql: string, parameters: unknown[] = []): Promise<T[]> =>
    current.app.get(DataSource).query(sql, parameters);
  const rowsOf = (practice: TestPracticeSnapshot, visitor?: string) =>
    query<PageviewRow>(
      `SELECT * FROM "analytics"."pageviews" WHERE "practice_id" = $1 AND ($2::text IS NULL OR "visitor_id" = $2)
        ORDER BY "started_at"`,
      [practice.practice.practice_id, visitor ?? null],
    );
  const rowOf = async (practice: TestPracticeSnapshot, trackingId: string) =>
    (await rowsOf(practice)).find((row) => row.tracking_event_id === trackingId);
  /** Waits until the pageviews of these snippet ids are kept. */
  const kept = (practice: TestPracticeSnapshot, ids: string[]) =>
    eventually(async () => {
      const rows = (await rowsOf(practice)).filter((row) => ids.includes(row.tracking_event_id));
      return rows.length >= ids.length && rows;
    }, 30_000);
  const rollups = (practice: TestPracticeSnapshot) =>
    query<{ day: string; source: string; pageviews: number; visitors: number; sessions: number }>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "source", "pageviews", "visitors", "sessions"
         FROM "analytics"."daily_rollups" WHERE "practice_id" = $1 ORDER BY "day", "source"`,
      [practice.practice.practice_id],
    );
  const sessionsOf = (practice: TestPracticeSnapshot, visitor: string) =>
    query<{ session_id: string; source: string; pageviews: number; person_id: string | null }>(
      `SELECT "session_id", "source", "pageviews", "person_id" FROM "analytics"."sessions"
        WHERE "practice_id" = $1 AND "visitor_id" = $2 ORDER BY "started_at"`,
      [practice.practice.practice_id, visitor],
    );
  /** A Realtime call by a staff member of `as` (the practice by default), with its status checked when given. */
  const realtime = async (
    path: string,
    practiceId: string,
    options: { as?: string[]; params?: Record<string, string>; status?: number } = {},
  ) => {
    const response = await request(current.app.getHttpServer())
      .get(path)
      .query({ ...(practiceId ? { practice_id: practiceId } : {}), ...options.params })
      .set(await testCaller(options.as ?? [practiceId]).headers());
    if (options.status !== undefined) expect(response.status).toBe(options.status);
    return response;
  };
  const newPractice = async () => {
    const snapshot = await analytics.publishPractice(testPracticeSnapshot());
    return snapshot;
  };
  beforeAll(async () => {
    analytics = await startAnalytics('analytics_pageviews', {
      TRACKING_RATE_LIMIT_PER_IP: '0',
      TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
      TRACKING_GEO_HEADERS: 'cloudflare',
    });
    current = analytics.service;
    brokers = analytics.service.config.KAFKA_BROKERS;
    glow = await analytics.publishPractice();
    other = await analytics.publishPractice(testPracticeSnapshot({ name: 'Northside Dental' }));
  }, 120_000);

  afterAll(async () => {
    await analytics?.stop();
  });

  it('keeps each pageview once per event id, with source, UTM, click ids, location, session and rollups', async () => {
    const practice = await newPractice();
    const first = pageview({
      visitor_id: 'v_once',
      url: `${SITE}/?utm_source=google&utm_medium=cpc&utm_campaign=botox&gclid=g-1`,
      referrer: 'https://www.google.com/',
      occurred_at: minutesAgo(3),
    });
    const second = pageview({
      visitor_id: 'v_once',
      url: `${SITE}/pricing`,
      referrer: `${SITE}/`,
      occurred_at: minutesAgo(2),
    });
    const third = pageview({
      visitor_id: 'v_other',
      referrer: 'https://l.instagram.com/',
      occurred_at: minutesAgo(1),
    });
    const cloudflare = {
      'CF-IPCountry': 'US',
      'CF-IPCity': 'Austin',
      'CF-IPLatitude': '30.2672',
      'CF-IPLongitude': '-97.7431',
    };
    expect((await post(practice, [first, second], cloudflare).expect(202)).body).toEqual({ accepted: 2 });
    // The snippet's retry of the whole batch, and the third view.
    await post(practice, [first, second, third], cloudflare).expect(202);
    await post(practice, [third]).expect(202);

    await kept(practice, [first.event_id, second.event_id, third.event_id]);
    // A marker after the repeats: once it is kept, the repeats have been consumed too.
    const marker = pageview({ visitor_id: 'v_marker' });
    await post(practice, [marker]).expect(202);
    await kept(practice, [marker.event_id]);

    const rows = await rowsOf(practice);
    expect(rows.map((row) => row.tracking_event_id)).toEqual([
      first.event_id,
      second.event_id,
      third.event_id,
      marker.event_id,
    ]);
    const [one, two, three] = rows;
    expect(one).toMatchObject({
      event_id: uuidv5(first.event_id, practice.practice.practice_id),
      source: 'google_ads',
      path: '/',
      utm: { source: 'google', medium: 'cpc', campaign: 'botox' },
      click_ids: { gclid: 'g-1' },
      country_code: 'US',
      city: 'Austin',
      latitude: 30.2672,
      longitude: -97.7431,
      duration_seconds: null,
      person_id: null,
    });
    // Navigation inside the site keeps the session's source.
    expect(two).toMatchObject({ source: 'google_ads', path: '/pricing', session_id: one.session_id });
    expect(three).toMatchObject({ source: 'instagram' });
    expect(three.session_id).not.toBe(one.session_id);
    expect(await sessionsOf(practice, 'v_once')).toEqual([
      { session_id: one.session_id, source: 'google_ads', pageviews: 2, person_id: null },
    ]);
    // Per source over the days (the rollups' days are the practice's, America/Chicago here).
    const bySource = new Map<string, { pageviews: number; visitors: number; sessions: number }>();
    for (const row of await rollups(practice)) {
      const sum = bySource.get(row.source) ?? { pageviews: 0, visitors: 0, sessions: 0 };
      bySource.set(row.source, {
        pageviews: sum.pageviews + row.pageviews,
        visitors: sum.visitors + row.visitors,
        sessions: sum.sessions + row.sessions,
      });
    }
    expect(Object.fromEntries(bySource)).toEqual({
      direct: { pageviews: 1, visitors: 1, sessions: 1 },
      google_ads: { pageviews: 2, visitors: 1, sessions: 1 },
      instagram: { pageviews: 1, visitors: 1, sessions: 1 },
    });
  });

  it('locates a public address with the IP database and none for a private one', async () => {
    const practice = await newPractice();
    const located = pageview({ visitor_id: 'v_public' });
    const privateView = pageview({ visitor_id: 'v_private' });
    await post(practice, [located], { 'X-Forwarded-For': '8.8.8.8' }).expect(202);
    await post(practice, [privateView], { 'X-Forwarded-For': '10.1.2.3' }).expect(202);
    await kept(practice, [located.event_id, privateView.event_id]);
    const publicRow = await rowOf(practice, located.event_id);
    expect(publicRow?.country_code).toBe('US');
    expect(typeof publicRow?.latitude).toBe('number');
    expect(await rowOf(practice, privateView.event_id)).toMatchObject({
      country_code: null,
      city: null,
      latitude: null,
      longitude: null,
    });
  });

  it('drops the pageviews of bots, and keeps the rest of the traffic', async () => {
    const practice = await newPractice();
    const crawled = pageview({ visitor_id: 'v_bot' });
    const response = await post(
      practice,
      [crawled],
      {},
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ).expect(202);
    expect(response.body).toEqual({ accepted: 1 });
    const human = pageview({ visitor_id: 'v_human' });
    await post(practice, [human]).expect(202);
    await kept(practice, [human.event_id]);
    expect((await rowsOf(practice)).map((row) => row.visitor_id)).toEqual(['v_human']);
  });

  it('sets durations from heartbeats and pageleaves, in any order, never shortening one', async () => {
    const practice = await newPractice();
    const view = pageview({ visitor_id: 'v_timed', occurred_at: minutesAgo(2) });
    await post(practice, [view]).expect(202);
    await kept(practice, [view.event_id]);
    expect((await rowOf(practice, view.event_id))?.duration_seconds).toBeNull();

    await post(practice, [
      timing('heartbeat', { visitor_id: 'v_timed', pageview_id: view.event_id, duration_seconds: 15 }),
    ]).expect(202);
    await eventually(async () => (await rowOf(practice, view.event_id))?.duration_seconds === 15, 30_000);
    await post(practice, [
      timing('pageleave', { visitor_id: 'v_timed', pageview_id: view.event_id, duration_seconds: 42 }),
      // A late heartbeat with less time changes nothing.
      timing('heartbeat', { visitor_id: 'v_timed', pageview_id: view.event_id, duration_seconds: 30 }),
    ]).expect(202);
    const left = await eventually(async () => {
      const row = await rowOf(practice, view.event_id);
      return row?.duration_seconds === 42 && row;
    }, 30_000);
    expect(left.left_at).not.toBeNull();

    // Without a pageview id or a count: the visitor's latest view of the url, timed since it started.
    const untimed = pageview({ visitor_id: 'v_untimed', occurred_at: minutesAgo(1) });
    await post(practice, [untimed]).expect(202);
    await kept(practice, [untimed.event_id]);
    await post(practice, [timing('pageleave', { visitor_id: 'v_untimed' })]).expect(202);
    const estimated = await eventually(
      async () => (await rowOf(practice, untimed.event_id))?.duration_seconds ?? undefined,
      30_000,
    );
    expect(estimated).toBeGreaterThanOrEqual(55);
    expect(estimated).toBeLessThanOrEqual(120);

    // A timing that comes before its pageview waits for it.
    const early = pageview({ visitor_id: 'v_early', occurred_at: minutesAgo(1) });
    await post(practice, [
      timing('heartbeat', { visitor_id: 'v_early', pageview_id: early.event_id, duration_seconds: 9 }),
    ]).expect(202);
    await post(practice, [early]).expect(202);
    await eventually(async () => (await rowOf(practice, early.event_id))?.duration_seconds === 9, 30_000);
  });

  it('times a heartbeat or pageleave without pageview_id on the visitor’s open view of that session and page', async () => {
    const practice = await newPractice();
    const visitor = 'v_old_script';
    // The same page in two tabs (two snippet sessions); the older tab is the one still sending heartbeats.
    const first = pageview({ visitor_id: visitor, session_id: 's_tab_a', occurred_at: minutesAgo(6) });
    const second = pageview({ visitor_id: visitor, session_id: 's_tab_b', occurred_at: minutesAgo(4) });
    const third = pageview({ visitor_id: visitor, session_id: 's_tab_b', occurred_at: minutesAgo(2) });
    await post(practice, [first, second, third]).expect(202);
    await kept(practice, [first.event_id, second.event_id, third.event_id]);

    // An older script's heartbeat names its session, not its pageview (and the url carries a #fragment).
    await post(practice, [
      timing('heartbeat', {
        visitor_id: visitor,
        session_id: 's_tab_a',
        url: `${SITE}/services/botox#prices`,
        duration_seconds: 50,
      }),
    ]).expect(202);
    await eventually(async () => (await rowOf(practice, first.event_id))?.duration_seconds === 50, 30_000);
    expect((await rowOf(practice, second.event_id))?.duration_seconds).toBeNull();
    expect((await rowOf(practice, third.event_id))?.duration_seconds).toBeNull();

    // In tab b, the latest view was left; a pageleave without pageview_id is the other, still open view's.
    await post(practice, [
      timing('pageleave', {
        visitor_id: visitor,
        session_id: 's_tab_b',
        pageview_id: third.event_id,
        duration_seconds: 20,
      }),
    ]).expect(202);
    await eventually(async () => (await rowOf(practice, third.event_id))?.duration_seconds === 20, 30_000);
    await post(practice, [
      timing('pageleave', { visitor_id: visitor, session_id: 's_tab_b', duration_seconds: 77 }),
    ]).expect(202);
    const left = await eventually(async () => {
      const row = await rowOf(practice, second.event_id);
      return row?.duration_seconds === 77 && row;
    }, 30_000);
    expect(left.left_at).not.toBeNull();
    expect((await rowOf(practice, third.event_id))?.duration_seconds).toBe(20);
    expect((await rowOf(practice, first.event_id))?.duration_seconds).toBe(50);
  });

  it('splits a visitor’s sessions after 30 minutes of inactivity, whatever the snippet’s session id', async () => {
    const practice = await newPractice();
    const views = [
      pageview({
        visitor_id: 'v_split',
        session_id: 'a',
        occurred_at: minutesAgo(120),
        referrer: 'https://www.bing.com/',
      }),
      pageview({ visitor_id: 'v_split', session_id: 'b', occurred_at: minutesAgo(95), referrer: `${SITE}/` }),
      pageview({ visitor_id: 'v_split', session_id: 'b', occurred_at: minutesAgo(64) }),
      pageview({ visitor_id: 'v_split', session_id: 'b', occurred_at: minutesAgo(40) }),
    ];
    // Sent out of order: the second batch holds the first view, and comes once the first one is kept (in one
    // consumer batch the views would be taken in their time order instead).
    await post(practice, [views[1], views[3]]).expect(202);
    await kept(practice, [views[1].event_id, views[3].event_id]);
    await post(practice, [views[0], views[2]]).expect(202);
    await kept(
      practice,
      views.map((view) => view.event_id),
    );
    const sessions = await sessionsOf(practice, 'v_split');
    const rows = await rowsOf(practice, 'v_split');
    expect(sessions.map((session) => [session.source, session.pageviews])).toEqual([
      ['bing', 2],
      ['direct', 2],
    ]);
    expect(rows.map((row) => row.session_id)).toEqual([
      sessions[0].session_id,
      sessions[0].session_id,
      sessions[1].session_id,
      sessions[1].session_id,
    ]);
    // A pageview's source is fixed when kept: the second (internal) one took its session's source then.
    expect(rows.map((row) => row.source)).toEqual(['bing', 'direct', 'direct', 'direct']);
  });

  it('links a visitor’s earlier and later pageviews to the lead their form became, with the lead’s current name', async () => {
    const practice = await newPractice();
    const before = pageview({ visitor_id: 'v_lead', occurred_at: minutesAgo(5) });
    const stranger = pageview({ visitor_id: 'v_stranger', occurred_at: minutesAgo(4) });
    await post(practice, [before, stranger]).expect(202);
    await kept(practice, [before.event_id, stranger.event_id]);

    const personId = randomUUID();
    const leadEvent = (
      type: LeadEventV1['type'],
      firstName: string,
      contentData: Record<string, unknown>,
    ) => ({
      v: 1 as const,
      event_id: randomUUID(),
      practice_id: practice.practice.practice_id,
      occurred_at: new Date().toISOString(),
      type,
      person_id: personId,
      person_data: leadPersonData({ first_name: firstName, last_name: 'Ruiz' }),
      timeline_event: {
        event_id: randomUUID(),
        event_type: 'form_submission',
        timestamp: new Date().toISOString(),
        content_data: contentData,
      },
    });
    await publishEvents(brokers, Topics.leadEvents, [
      leadEvent('lead_created', 'Ana', { url: `${SITE}/contact`, visitor_id: 'v_lead' }),
    ]);
    await eventually(async () => (await rowOf(practice, before.event_id))?.person_id === personId, 30_000);
    expect((await sessionsOf(practice, 'v_lead')).map((session) => session.person_id)).toEqual([personId]);

    const after = pageview({ visitor_id: 'v_lead', url: `${SITE}/thank-you` });
    await post(practice, [after]).expect(202);
    await kept(practice, [after.event_id]);
    expect((await rowOf(practice, after.event_id))?.person_id).toBe(personId);
    expect((await rowOf(practice, stranger.event_id))?.person_id).toBeNull();

    // A newer name from a later lead event shows in Realtime.
    await publishEvents(brokers, Topics.leadEvents, [leadEvent('lead_updated', 'Anita', {})]);
    const answer = await eventually(async () => {
      const response = await realtime('/api/v1/analytics/realtime/pageviews', practice.practice.practice_id);
      const body = response.body as RealtimePageviewsResponse;
      return body.pageviews.some((view) => view.person_name === 'Anita Ruiz') && body;
    }, 30_000);
    const byVisitor = (visitor: string) => answer.pageviews.filter((view) => view.visitor_id === visitor);
    expect(byVisitor('v_lead').map((view) => [view.is_lead, view.person_id, view.person_name])).toEqual([
      [true, personId, 'Anita Ruiz'],
      [true, personId, 'Anita Ruiz'],
    ]);
    expect(byVisitor('v_stranger').map((view) => [view.is_lead, view.person_id, view.person_name])).toEqual([
      [false, null, null],
    ]);
  });

  it('puts a lead’s pageviews on analytics.lead-pageviews: the earlier ones when linked, then new ones and longer durations', async () => {
    const reader = await TopicReader.start<LeadPageviewV1>(brokers, Topics.analyticsLeadPageviews);
    try {
      const practice = await newPractice();
      const practiceId = practice.practice.practice_id;
      const ofPractice = () => reader.where((message) => message.value.practice_id === practiceId);
      const earlier = pageview({ visitor_id: 'v_known', session_id: 's_web', occurred_at: minutesAgo(5) });
      const stranger = pageview({ visitor_id: 'v_unknown', occurred_at: minutesAgo(4) });
      await post(practice, [
        earlier,
        stranger,
        timing('pageleave', { visitor_id: 'v_known', pageview_id: earlier.event_id, duration_seconds: 130 }),
      ]).expect(202);
      await eventually(
        async () => (await rowOf(practice, earlier.event_id))?.duration_seconds === 130,
        30_000,
      );
      const earlierId = (await rowOf(practice, earlier.event_id))!.event_id;

      const personId = randomUUID();
      const link = {
        v: 1 as const,
        event_id: randomUUID(),
        practice_id: practiceId,
        occurred_at: new Date().toISOString(),
        type: 'lead_created' as const,
        person_id: personId,
        person_data: { first_name: 'Ana', last_name: 'Ruiz', stage: 'Lead' },
        timeline_event: {
          event_id: randomUUID(),
          event_type: 'form_submission',
          timestamp: new Date().toISOString(),
          content_data: { url: `${SITE}/contact`, visitor_id: 'v_known' },
        },
      };
      // The people.lead-events handler itself (its Kafka wiring is the test above's): a new analytics reads that
      // topic from the beginning, and the shared topic's history would come first.
      const links = current.app.get(LeadLinksService);
      await links.applyBatch([link]);
      const [linked] = await eventually(async () => {
        const found = ofPractice();
        return found.length > 0 && found;
      }, 30_000);
      expect(linked.key).toBe(practiceId);
      expect(linked.value).toMatchObject({
        type: 'lead_pageview',
        person_id: personId,
        pageview_id: earlierId,
        visitor_id: 'v_known',
        session_id: 's_web',
        url: `${SITE}/services/botox`,
        title: 'Botox | Glow',
        duration_seconds: 130,
        viewed_at: new Date(earlier.occurred_at).toISOString(),
      });
      expect(linked.value.left_at).not.toBeNull();

      // The link again (redelivered) publishes nothing.
      const outboxRows = async () =>
        Number(
          (
            await query<{ count: string }>(
              `SELECT count(*) AS "count" FROM "analytics"."outbox" WHERE "topic" = $1 AND "key" = $2`,
              [Topics.analyticsLeadPageviews, practiceId],
            )
          )[0].count,
        );
      expect(await outboxRows()).toBe(1);
      await links.applyBatch([link]);
      expect(await outboxRows()).toBe(1);
      // A later pageview, then its heartbeat: each published as the pageview now is.
      const later = pageview({ visitor_id: 'v_known', session_id: 's_web', url: `${SITE}/thank-you` });
      await post(practice, [later]).expect(202);
      const laterId = (await kept(practice, [later.event_id]))[0].event_id;
      await eventually(
        async () => ofPractice().some((message) => message.value.pageview_id === laterId),
        30_000,
      );
      await post(practice, [
        timing('heartbeat', {
          visitor_id: 'v_known',
          pageview_id: later.event_id,
          url: `${SITE}/thank-you`,
          duration_seconds: 15,
        }),
      ]).expect(202);
      const messages = await eventually(async () => {
        const found = ofPractice().filter((message) => message.value.pageview_id === laterId);
        return found.some((message) => message.value.duration_seconds === 15) && ofPractice();
      }, 30_000);
      expect(messages.map((message) => [message.value.pageview_id, message.value.duration_seconds])).toEqual([
        [earlierId, 130],
        [laterId, null],
        [laterId, 15],
      ]);
      expect(messages.every((message) => message.value.person_id === personId)).toBe(true);

      // The migration that publishes pageviews linked before the topic existed writes the code's message.
      const [{ last }] = await query<{ last: string }>(
        `SELECT COALESCE(max("id"), 0) AS "last" FROM "analytics"."outbox"`,
      );
      const runner = current.app.get(DataSource).createQueryRunner();
      try {
        await new LeadPageviewsBackfill1764900000000().up(runner);
      } finally {
        await runner.release();
      }
      const backfilled = await query<{
        key: string;
        payload: LeadPageviewV1;
        headers: Record<string, string>;
      }>(
        `SELECT "key", "payload", "headers" FROM "analytics"."outbox"
          WHERE "topic" = $1 AND "payload"->>'practice_id' = $2 AND "id" > $3 ORDER BY "id"`,
        [Topics.analyticsLeadPageviews, practiceId, last],
      );
      const latest = messages[messages.length - 1].value;
      expect(backfilled.map((row) => row.payload.pageview_id)).toEqual([earlierId, laterId]);
      expect(backfilled[1]).toEqual({
        key: practiceId,
        payload: { ...latest, event_id: expect.any(String), occurred_at: expect.any(String) },
        headers: { event_id: backfilled[1].payload.event_id, event_type: 'lead_pageview' },
      });
      expect(new Date(backfilled[1].payload.occurred_at).toISOString()).toBe(
        backfilled[1].payload.occurred_at,
      );
    } finally {
      await reader.stop();
    }
  }, 180_000);

  describe('GET /api/v1/analytics/realtime/pageviews', () => {
    it('answers the window’s pageviews newest first, open ones without a duration, and the average session', async () => {
      const practice = await newPractice();
      const old = pageview({ visitor_id: 'v_rt', occurred_at: minutesAgo(50) });
      const open = pageview({
        visitor_id: 'v_rt2',
        occurred_at: minutesAgo(0.1),
        referrer: 'https://m.facebook.com/',
      });
      const closed = pageview({ visitor_id: 'v_rt3', occurred_at: minutesAgo(3) });
      await post(practice, [old, closed, open], {
        'CF-IPCountry': 'US',
        'CF-IPCity': 'Dallas',
        'CF-IPLatitude': '32.7767',
        'CF-IPLongitude': '-96.797',
      }).expect(202);
      await post(practice, [
        timing('pageleave', {
          visitor_id: 'v_rt3',
          pageview_id: closed.event_id,
          duration_seconds: 60,
          occurred_at: new Date(Date.parse(closed.occurred_at) + 60_000).toISOString(),
        }),
      ]).expect(202);
      await kept(practice, [old.event_id, open.event_id, closed.event_id]);
      await eventually(async () => (await rowOf(practice, closed.event_id))?.duration_seconds === 60, 30_000);

      const response = await realtime('/api/v1/analytics/realtime/pageviews', practice.practice.practice_id, {
        status: 200,
      });
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.body as RealtimePageviewsResponse;
      expect(body.pageviews).toEqual([
        {
          url: open.url,
          title: 'Botox | Glow',
          source: 'facebook',
          visitor_id: 'v_rt2',
          latitude: 32.7767,
          longitude: -96.797,
          city: 'Dallas',
          country: 'United States',
          duration_seconds: null,
          is_lead: false,
          person_id: null,
          person_name: null,
          timestamp: open.occurred_at,
        },
        expect.objectContaining({ visitor_id: 'v_rt3', duration_seconds: 60, source: 'direct' }),
      ]);
      // Sessions active in the window: v_rt2 (0 s) and v_rt3 (60 s).
      expect(body.avg_session_duration_seconds).toBe(30);

      const hour = await realtime('/api/v1/analytics/realtime/pageviews', practice.practice.practice_id, {
        params: { seconds: '3600' },
        status: 200,
      });
      expect((hour.body as RealtimePageviewsResponse).pageviews.map((view) => view.visitor_id)).toEqual([
        'v_rt2',
        'v_rt3',
        'v_rt',
      ]);
    });

    it('answers 404 for another practice’s id and 422 for a window out of 1..86400', async () => {
      const response = await realtime('/api/v1/analytics/realtime/pageviews', glow.practice.practice_id, {
        as: [other.practice.practice_id],
        status: 404,
      });
      expect(response.body).toEqual({ detail: 'Practice not found' });
      for (const seconds of ['0', '86401', 'abc', '1.5', '-5']) {
        const refused = await realtime('/api/v1/analytics/realtime/pageviews', glow.practice.practice_id, {
          params: { seconds },
          status: 422,
        });
        expect(refused.body).toEqual({ detail: 'seconds must be a whole number from 1 to 86,400' });
      }
      await realtime('/api/v1/analytics/realtime/pageviews', glow.practice.practice_id, {
        params: { seconds: '86400' },
        status: 200,
      });
      const missing = await realtime('/api/v1/analytics/realtime/pageviews', '', {
        as: [glow.practice.practice_id],
        status: 422,
      });
      expect(missing.body).toEqual({ detail: 'practice_id is required' });
    });
  });

  describe('GET /api/v1/analytics/realtime/events', () => {
    it('answers the practice’s last 100 lead events newest first, as broadcast; 404 for another practice', async () => {
      const practice = await newPractice();
      const start = Date.now() - 200_000;
      const events: LeadEventV1[] = Array.from({ length: 105 }, (_, index) => ({
        v: 1,
        event_id: randomUUID(),
        practice_id: practice.practice.practice_id,
        occurred_at: new Date(start + index * 1000).toISOString(),
        type: index === 0 ? 'lead_created' : 'event_appended',
        person_id: randomUUID(),
        person_data: leadPersonData({ first_name: `Lead ${index}` }),
        timeline_event: {
          event_id: randomUUID(),
          event_type: 'phone_call',
          timestamp: new Date(start + index * 1000).toISOString(),
          content_data: { call_sid: `CA${index}` },
        },
      }));
      await publishEvents(brokers, Topics.leadEvents, events);
      const list = await eventually(async () => {
        const response = await realtime('/api/v1/analytics/realtime/events', practice.practice.practice_id);
        const body = response.body as { content_data: { call_sid: string } }[];
        return body.length === 100 && body[0]?.content_data.call_sid === 'CA104' && response;
      }, 30_000);
      expect(list.headers['cache-control']).toBe('no-store');
      const newest = events[104];
      expect(list.body[0]).toEqual({
        type: 'event_appended',
        broadcast_type: 'event_appended',
        event_id: newest.timeline_event?.event_id,
        event_type: 'phone_call',
        practice_id: practice.practice.practice_id,
        person_id: newest.person_id,
        timestamp: newest.timeline_event?.timestamp,
        person_data: newest.person_data,
        content_data: { call_sid: 'CA104' },
      });
      expect((list.body as { content_data: { call_sid: string } }[]).at(-1)?.content_data.call_sid).toBe(
        'CA5',
      );
      const [{ count }] = await query<{ count: string }>(
        `SELECT count(*) FROM "analytics"."recent_lead_events" WHERE "practice_id" = $1`,
        [practice.practice.practice_id],
      );
      expect(Number(count)).toBe(100);

      const hidden = await realtime('/api/v1/analytics/realtime/events', practice.practice.practice_id, {
        as: [other.practice.practice_id],
        status: 404,
      });
      expect(hidden.body).toEqual({ detail: 'Practice not found' });
      const empty = await realtime('/api/v1/analytics/realtime/events', other.practice.practice_id, {
        status: 200,
      });
      expect(empty.body).toEqual([]);
    });
  });

  describe('exactly once per event id through failures', () => {
    it('redelivers a batch whose transaction failed midway and keeps each pageview once', async () => {
      const practice = await newPractice();
      // A failure after the pageviews were inserted in the batch's transaction (at the rollups), counted by a
      // sequence, which a rollback does not undo.
      await query(`CREATE SEQUENCE IF NOT EXISTS "analytics"."test_attempts"`);
      const attempts = async () =>
        Number(
          (await query<{ value: string }>(`SELECT nextval('"analytics"."test_attempts"') AS "value"`))[0]
            .value,
        );
      await query(`CREATE TABLE IF NOT EXISTS "analytics"."test_fail" ("practice_id" uuid PRIMARY KEY)`);
      await query(
        `CREATE OR REPLACE FUNCTION "analytics"."test_fail_rollups"() RETURNS trigger AS $$
         BEGIN
           IF EXISTS (SELECT 1 FROM "analytics"."test_fail" WHERE "practice_id" = NEW."practice_id") THEN
             PERFORM nextval('"analytics"."test_attempts"');
             RAISE EXCEPTION 'killed mid-batch';
           END IF;
           RETURN NEW;
         END $$ LANGUAGE plpgsql`,
      );
      await query(
        `CREATE TRIGGER "test_fail_rollups" BEFORE INSERT ON "analytics"."daily_rollups"
           FOR EACH ROW EXECUTE FUNCTION "analytics"."test_fail_rollups"()`,
      );
      try {
        await query(`INSERT INTO "analytics"."test_fail" VALUES ($1)`, [practice.practice.practice_id]);
        // nextval counts too: a failed attempt shows as a jump of more than one between two reads.
        const before = await attempts();
        const views = [pageview({ visitor_id: 'v_retry' }), pageview({ visitor_id: 'v_retry2' })];
        await post(practice, views).expect(202);
        let last = before;
        await eventually(async () => {
          const now = await attempts();
          const failed = now > last + 1;
          last = now;
          return failed;
        }, 30_000);
        // The failed attempt left nothing.
        expect(await rowsOf(practice)).toEqual([]);
        await query(`DELETE FROM "analytics"."test_fail" WHERE "practice_id" = $1`, [
          practice.practice.practice_id,
        ]);

        await eventually(async () => (await rowsOf(practice)).length === 2, 90_000);
        const marker = pageview({ visitor_id: 'v_retry_marker' });
        await post(practice, [marker]).expect(202);
        await kept(practice, [marker.event_id]);
        expect((await rowsOf(practice)).map((row) => row.visitor_id).sort()).toEqual([
          'v_retry',
          'v_retry2',
          'v_retry_marker',
        ]);
        const sum = (await rollups(practice)).reduce((total, row) => total + row.pageviews, 0);
        expect(sum).toBe(3);
      } finally {
        await query(`DROP TRIGGER IF EXISTS "test_fail_rollups" ON "analytics"."daily_rollups"`);
      }
    }, 120_000);

    it('inserts nothing new when a consumer that died after its commit gets the batch again, and catches up after a stop', async () => {
      const practice = await newPractice();
      const kafka = new Kafka({ brokers, logLevel: 0 });
      const admin = kafka.admin();
      await admin.connect();
      try {
        // Where the topic ends before these batches: the group is put back here below.
        const startEnds = await admin.fetchTopicOffsets(testTopic(Topics.trackingPageviews));
        const views = [pageview({ visitor_id: 'v_crash' }), pageview({ visitor_id: 'v_crash2' })];
        await post(practice, [views[0]]).expect(202);
        await kept(practice, [views[0].event_id]);
        await post(practice, [views[1]]).expect(202);
        await kept(practice, [views[1].event_id]);
        const rollupsBefore = await rollups(practice);
        await current.close();

        // The broker keeps what is published while no consumer runs.
        const missed: PageviewV1 = {
          v: 1,
          type: 'pageview',
          event_id: uuidv5('missed-1', practice.practice.practice_id),
          practice_id: practice.practice.practice_id,
          occurred_at: minutesAgo(0.1),
          tracking_event_id: 'missed-1',
          visitor_id: 'v_missed',
          session_id: 's',
          url: `${SITE}/`,
          title: null,
          referrer: null,
          viewed_at: minutesAgo(0.1),
          received_at: new Date().toISOString(),
          ip: null,
          user_agent: null,
          source: 'direct',
          utm: {},
          click_ids: {},
          geo: null,
        };
        await publishEvents(brokers, Topics.trackingPageviews, [missed]);
        // As if the consumer had died after the database commit of these batches but before their offsets: the
        // group (stopped, so it has no members) goes back to where the topic ended before them.
        await admin.setOffsets({
          groupId: testConsumerGroup(databaseConsumerGroup('analytics', analytics.database.url)),
          topic: testTopic(Topics.trackingPageviews),
          partitions: startEnds.map(({ partition, offset }) => ({ partition, offset })),
        });

        // What the next consumer is handed: the rewound batches must come again.
        const handed = jest.spyOn(PageviewIngestService.prototype, 'applyBatch');
        current = await analytics.sibling({
          TRACKING_RATE_LIMIT_PER_IP: '0',
          TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
        });
        await eventually(async () => (await rowsOf(practice, 'v_missed')).length === 1, 60_000);
        const marker = pageview({ visitor_id: 'v_crash_marker' });
        await post(practice, [marker]).expect(202);
        await kept(practice, [marker.event_id]);

        const redelivered = handed.mock.calls
          .flatMap(([values]) => values as { tracking_event_id?: string }[])
          .filter((value) => views.some((view) => view.event_id === value.tracking_event_id));
        expect(redelivered.length).toBeGreaterThanOrEqual(2);
        handed.mockRestore();
        expect((await rowsOf(practice)).map((row) => row.visitor_id).sort()).toEqual([
          'v_crash',
          'v_crash2',
          'v_crash_marker',
          'v_missed',
        ]);
        // The redelivered pageviews added nothing to the rollups: only the missed one and the marker did.
        const sum = (rows: { pageviews: number; sessions: number }[]) =>
          rows.reduce((total, row) => total + row.pageviews, 0);
        expect(sum(await rollups(practice))).toBe(sum(rollupsBefore) + 2);
      } finally {
        await admin.disconnect();
      }
    }, 180_000);
  });
});

/**
 * A broker restart, on a broker of this test's own (the shared one serves the running stack): pageviews accepted
 * before the stop are kept, the ingress refuses (503, nothing accepted) while the broker is down, the snippet's
 * retry after the restart is accepted, and every pageview is kept exactly once, including the one whose first,
 * refused publish kafkajs may still deliver in the background.
 */
describe('the pageview pipeline across a broker restart', () => {
  let broker: PrivateBroker;
  let analytics: AnalyticsHarness;
  let practice: TestPracticeSnapshot;

  const post = (events: unknown[]) =>
    request(analytics.service.app.getHttpServer())
      .post(PATH)
      .set('X-Forwarded-For', randomIp())
      .set('User-Agent', BROWSER)
      .send({ site_key: practice.practice.site_key, events });
  const rows = () =>
    analytics.dataSource.query<{ tracking_event_id: string }[]>(
      `SELECT "tracking_event_id" FROM "analytics"."pageviews" WHERE "practice_id" = $1`,
      [practice.practice.practice_id],
    );

  beforeAll(async () => {
    broker = await PrivateBroker.start(Object.values(Topics).map(testTopic));
    analytics = await startAnalytics('analytics_broker_restart', {
      KAFKA_BROKERS: broker.brokers.join(','),
      TRACKING_RATE_LIMIT_PER_IP: '0',
      TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
      TRACKING_PUBLISH_TIMEOUT_MS: '1500',
    });
    practice = await analytics.publishPractice();
  }, 180_000);

  afterAll(async () => {
    await analytics?.stop();
    await broker?.destroy();
  }, 60_000);

  it('keeps every pageview once: before the stop, refused while down, retried after the restart', async () => {
    const before = pageview({ visitor_id: 'v_before' });
    await post([before]).expect(202);
    await eventually(async () => (await rows()).length === 1, 30_000);

    await broker.stop();
    const during = pageview({ visitor_id: 'v_during' });
    const refused = await post([during]).expect(503);
    expect(refused.body.detail).toMatch(/nothing was accepted/);

    await broker.run();
    // The snippet retries the same event until it is accepted.
    await eventually(async () => (await post([during])).status === 202, 90_000);
    const after = pageview({ visitor_id: 'v_after' });
    await eventually(async () => (await post([after])).status === 202, 30_000);
    await eventually(async () => (await rows()).length >= 3, 120_000);
    // Once the last one is kept, anything published before it in the partition has been consumed.
    expect((await rows()).map((row) => row.tracking_event_id).sort()).toEqual(
      [before.event_id, during.event_id, after.event_id].sort(),
    );
    const [{ pageviews }] = await analytics.dataSource.query<{ pageviews: number }[]>(
      `SELECT COALESCE(sum("pageviews"), 0)::int AS "pageviews" FROM "analytics"."daily_rollups"
        WHERE "practice_id" = $1`,
      [practice.practice.practice_id],
    );
    expect(pageviews).toBe(3);
  }, 300_000);
});
