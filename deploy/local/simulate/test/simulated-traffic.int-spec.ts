/**
 * `npm run simulate` (deploy/local/simulate) against a real analytics service that trusts Cloudflare's location
 * headers, as the local stack does: the simulator's visits show in Realtime with the planned cities, sources and
 * reading times. The pure planning is unit-tested beside the simulator.
 */
import { RealtimePageviewsResponse } from '@pp/contracts';
import { eventually, testCaller, TestPracticeSnapshot } from '@pp/testing';
import request from 'supertest';
import { compactPast, visitEvents } from '../events';
import { geoHeaders, planVisit, seededRandom, type VisitPlan } from '../traffic';
import { AnalyticsHarness, startAnalytics } from '../../../../services/analytics/test/analytics-harness';

const SITE = 'https://www.glow.example';

describe('simulated website traffic in Realtime', () => {
  let analytics: AnalyticsHarness;
  let practice: TestPracticeSnapshot;

  beforeAll(async () => {
    analytics = await startAnalytics('analytics_simulated', {
      TRACKING_RATE_LIMIT_PER_IP: '0',
      TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
      TRACKING_GEO_HEADERS: 'cloudflare',
    });
    practice = await analytics.publishPractice();
  }, 120_000);

  afterAll(async () => {
    await analytics?.stop();
  });

  it('shows each visitor’s pages with their city, source and time on page, and the page still being read as open', async () => {
    const random = seededRandom(2026);
    const now = Date.now();
    const visits: { plan: VisitPlan; start: number }[] = Array.from({ length: 12 }, () => ({
      plan: planVisit(random, {
        siteUrl: SITE,
        kind: 'aesthetics',
        homeState: 'TX',
        locations: [],
        formRate: 0,
        withPhone: false,
      }),
      start: now - Math.floor(random() * 20 * 60_000),
    }));
    for (const { plan, start } of visits) {
      const events = compactPast(visitEvents(plan, start), now).map((item) => item.event);
      await request(analytics.service.app.getHttpServer())
        .post('/api/v1/tracking/events')
        .set('User-Agent', plan.userAgent)
        .set('X-Forwarded-For', '10.1.2.3')
        .set(geoHeaders(plan.city, 'cloudflare'))
        .send({ site_key: practice.practice.site_key, events })
        .expect(202);
    }
    /** Per visitor, the pages opened by now: [url, seconds read (null while open)], oldest first. */
    const expected = new Map(
      visits.map(({ plan, start }) => [
        plan.visitorId,
        plan.pages
          .filter((page) => start + page.at * 1000 <= now)
          .map((page) => [page.url, start + (page.at + page.dwell) * 1000 <= now ? page.dwell : null]),
      ]),
    );
    const pageviewCount = [...expected.values()].reduce((sum, pages) => sum + pages.length, 0);
    // The plan has visitors who left and at least one still reading.
    const seconds = [...expected.values()].flat().map(([, read]) => read);
    expect(seconds).toContain(null);
    expect(seconds.some((read) => typeof read === 'number')).toBe(true);

    const answer = await eventually(async () => {
      const response = await request(analytics.service.app.getHttpServer())
        .get('/api/v1/analytics/realtime/pageviews')
        .query({ practice_id: practice.practice.practice_id, seconds: 1800 })
        .set(await testCaller([practice.practice.practice_id]).headers())
        .expect(200);
      const body = response.body as RealtimePageviewsResponse;
      const done =
        body.pageviews.length === pageviewCount &&
        body.pageviews.every((view) => {
          const pages = expected.get(view.visitor_id) ?? [];
          return pages.some(([url, seconds]) => url === view.url && seconds === view.duration_seconds);
        });
      return done && body;
    }, 60_000);

    for (const { plan } of visits) {
      const views = answer.pageviews
        .filter((view) => view.visitor_id === plan.visitorId)
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
      expect(views.map((view) => [view.url, view.duration_seconds])).toEqual(expected.get(plan.visitorId));
      for (const view of views) {
        expect(view).toMatchObject({
          source: plan.source,
          city: plan.city.city,
          country: 'United States',
          latitude: Number(plan.city.latitude.toFixed(4)),
          longitude: Number(plan.city.longitude.toFixed(4)),
        });
      }
    }
    expect(new Set(answer.pageviews.map((view) => view.source)).size).toBeGreaterThan(3);
  }, 120_000);
});
