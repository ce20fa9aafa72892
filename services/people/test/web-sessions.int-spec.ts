import { LeadPageviewV1, TimelineEventDto, Topics } from '@pp/contracts';
import { PracticeReadModel } from '@pp/platform';
import {
  createTestDatabase,
  eventually,
  publishEvents,
  publishPracticeSnapshot,
  ServiceProcess,
  startBuiltService,
  TestDatabase,
  testPracticeSnapshot,
  TestPracticeSnapshot,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { IntakeService } from '../src/intake/intake.service';
import { Person } from '../src/persons/person.entity';
import { IntakeHarness, startIntake } from './intake-harness';

const SITE = 'https://www.glow.example';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * A visitor's pages join the lead's timeline as web sessions, end to end on real Kafka: the website's events go
 * to analytics' public ingress (analytics run from its build, `npx tsc -b services/analytics`), the form becomes
 * a lead in people, analytics links the visitor and publishes their pageviews (analytics.lead-pageviews), people
 * writes them on the timeline.
 */
describe('web sessions on the lead’s timeline (tracking ingress → analytics → people)', () => {
  let h: IntakeHarness;
  let analyticsDatabase: TestDatabase;
  let analytics: ServiceProcess;
  let glow: TestPracticeSnapshot;
  let brokers: string[];

  const track = (practice: TestPracticeSnapshot, events: Record<string, unknown>[]) =>
    fetch(`${analytics.url}/api/v1/tracking/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER },
      body: JSON.stringify({ site_key: practice.practice.site_key, events }),
    });
  const accepted = async (practice: TestPracticeSnapshot, events: Record<string, unknown>[]) => {
    const response = await track(practice, events);
    expect(response.status).toBe(202);
  };
  const pageview = (overrides: Record<string, unknown>) => ({
    event_id: randomUUID(),
    type: 'pageview',
    visitor_id: 'v_ana',
    session_id: 's_first_visit',
    title: 'Glow Aesthetics',
    referrer: null,
    occurred_at: minutesAgo(0.05),
    ...overrides,
  });
  const timing = (type: 'heartbeat' | 'pageleave', overrides: Record<string, unknown>) => ({
    event_id: randomUUID(),
    type,
    visitor_id: 'v_ana',
    session_id: 's_first_visit',
    occurred_at: new Date().toISOString(),
    ...overrides,
  });
  const timeline = async (practiceId: string, personId: string): Promise<TimelineEventDto[]> => {
    const response = await h
      .http()
      .get(`/api/v1/people/${personId}/events`)
      .set(await h.caller([practiceId]).headers());
    expect(response.status).toBe(200);
    return response.body as TimelineEventDto[];
  };
  const pagesOf = async (practiceId: string, personId: string) =>
    (await timeline(practiceId, personId))
      .filter((event) => event.event_type === 'pageview')
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const personOf = (personId: string) =>
    h.dataSource.getRepository(Person).findOneByOrFail({ person_id: personId });
  /** What analytics published for the practice's leads (its outbox), oldest first. */
  const published = async (practiceId: string): Promise<LeadPageviewV1[]> => {
    const client = new Client({ connectionString: analyticsDatabase.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ payload: LeadPageviewV1 }>(
        `SELECT "payload" FROM "analytics"."outbox" WHERE "topic" = $1 AND "key" = $2 ORDER BY "id"`,
        [Topics.analyticsLeadPageviews, practiceId],
      );
      return rows.map((row) => row.payload);
    } finally {
      await client.end();
    }
  };
  const publishPractice = async (snapshot: TestPracticeSnapshot) => {
    await publishPracticeSnapshot(brokers, snapshot);
    const readModel = h.service.app.get(PracticeReadModel);
    await eventually(async () => (await readModel.practice(snapshot.practice.practice_id)) !== null, 30_000);
    return snapshot;
  };

  beforeAll(async () => {
    h = await startIntake('web_sessions');
    brokers = h.service.config.KAFKA_BROKERS;
    analyticsDatabase = await createTestDatabase('web_sessions_analytics');
    // Like every service @pp/testing starts, this analytics builds its read models from the events published since
    // this file began (KAFKA_REPLAY_SINCE), not from the shared topics' history.
    analytics = await startBuiltService('analytics', {
      DATABASE_URL: analyticsDatabase.url,
      TRACKING_RATE_LIMIT_PER_IP: '0',
      TRACKING_RATE_LIMIT_PER_SITE_KEY: '0',
      TRACKING_GEO_DATABASE: 'false',
    });
    glow = await publishPractice(testPracticeSnapshot({ name: 'Glow Aesthetics' }));
    // analytics knows the site key once the ingress accepts a visit (an unknown key is a 404, nothing kept).
    await eventually(
      async () =>
        (await track(glow, [pageview({ visitor_id: 'v_probe', session_id: 's_probe', url: `${SITE}/` })]))
          .status === 202,
      60_000,
    );
  }, 180_000);

  afterAll(async () => {
    await analytics?.stop();
    await analyticsDatabase?.drop();
    await h?.stop();
  });

  it('shows the visitor’s anonymous pages grouped with their form by session, then their later pages; duplicates and other practices change nothing', async () => {
    const practiceId = glow.practice.practice_id;
    // Anonymous browsing: two pages, the second read for two and a half minutes; another visitor too.
    const home = pageview({
      url: `${SITE}/`,
      referrer: 'https://www.google.com/',
      occurred_at: minutesAgo(8),
    });
    const botox = pageview({
      url: `${SITE}/services/botox`,
      title: 'Botox | Glow',
      occurred_at: minutesAgo(6),
    });
    const stranger = pageview({ visitor_id: 'v_stranger', session_id: 's_other', url: `${SITE}/` });
    await accepted(glow, [home, botox, stranger]);
    await accepted(glow, [
      timing('pageleave', { pageview_id: home.event_id, url: `${SITE}/`, duration_seconds: 40 }),
      timing('heartbeat', {
        pageview_id: botox.event_id,
        url: `${SITE}/services/botox`,
        duration_seconds: 150,
      }),
    ]);

    // The form, in the same session, as the ingress publishes it, taken in by this people's tracking.forms
    // handler itself: on the shared broker any other people service would take a form on the topic in too and
    // announce a lead of its own for the same visitor (the latest form wins the link).
    const form = h.form(
      practiceId,
      { name: 'Ana Ruiz', email: `ana.${randomUUID().slice(0, 6)}@mail.example`, message: 'Botox price?' },
      {
        visitor_id: 'v_ana',
        session_id: 's_first_visit',
        url: `${SITE}/contact#book`,
        title: 'Contact | Glow',
        submitted_at: minutesAgo(1),
      },
    );
    expect(await h.service.app.get(IntakeService).applyBatch([form])).toBe(1);
    const personId = await eventually(async () => {
      const [row]: { person_id: string }[] = await h.dataSource.query(
        `SELECT "person_id" FROM "people"."persons" WHERE "practice_id" = $1`,
        [practiceId],
      );
      return row?.person_id ?? false;
    }, 60_000);

    // The earlier pages join the timeline, in the form's session, with their durations.
    const earlier = await eventually(async () => {
      const pages = await pagesOf(practiceId, personId);
      return (
        pages.length === 2 && pages.every((page) => page.content_data.duration_seconds !== null) && pages
      );
    }, 60_000);
    expect(
      earlier.map((page) => [
        page.session_id,
        page.content_data.url,
        page.content_data.title,
        page.content_data.duration_seconds,
        page.timestamp,
      ]),
    ).toEqual([
      ['s_first_visit', `${SITE}/`, 'Glow Aesthetics', 40, new Date(home.occurred_at).toISOString()],
      [
        's_first_visit',
        `${SITE}/services/botox`,
        'Botox | Glow',
        150,
        new Date(botox.occurred_at).toISOString(),
      ],
    ]);
    expect(earlier[0].content_data.referrer).toBe('https://www.google.com/');
    const formEvent = (await timeline(practiceId, personId)).find(
      (event) => event.event_type === 'form_submission',
    );
    expect(formEvent?.session_id).toBe('s_first_visit');
    const afterBackfill = await personOf(personId);
    expect(afterBackfill.behavioral_insights).toMatchObject({
      calculated_metrics: { total_sessions: 1, total_pages_viewed: 2, total_time_on_site: 190 },
    });

    // Staff open the lead; the visitor reads on in the same session: the page appears (an older script's
    // heartbeat without pageview_id times it), the botox page's time grows, and the lead stays seen.
    await h
      .http()
      .post(`/api/v1/people/${personId}/seen`)
      .set(await h.caller([practiceId]).headers())
      .expect(200);
    const thanks = pageview({
      url: `${SITE}/thank-you`,
      title: 'Thank you',
      occurred_at: new Date().toISOString(),
    });
    await accepted(glow, [thanks]);
    await accepted(glow, [
      timing('heartbeat', { url: `${SITE}/thank-you`, duration_seconds: 30 }),
      timing('pageleave', {
        pageview_id: botox.event_id,
        url: `${SITE}/services/botox`,
        duration_seconds: 200,
      }),
    ]);
    const read = await eventually(async () => {
      const pages = await pagesOf(practiceId, personId);
      const durations = pages.map((page) => page.content_data.duration_seconds);
      return pages.length === 3 && durations.join() === '40,200,30' && pages;
    }, 60_000);
    // The duration updates changed the same events.
    expect(read.slice(0, 2).map((page) => page.event_id)).toEqual(earlier.map((page) => page.event_id));
    expect(read[2]).toMatchObject({
      session_id: 's_first_visit',
      content_data: { url: `${SITE}/thank-you` },
    });
    const reading = await personOf(personId);
    expect(reading.is_unseen).toBe(false);
    expect(reading.last_activity_at?.toISOString()).toBe(new Date(thanks.occurred_at).toISOString());

    // Everything analytics published, delivered again, and once more under new message ids: nothing changes.
    // (Its own outbox, once it holds all three pages: on the shared broker another stack's analytics, a local
    // `npm start` beside the tests, learns this practice from practice.changes too and may have brought people a
    // page first.)
    const sent = await eventually(async () => {
      const messages = await published(practiceId);
      return new Set(messages.map((message) => message.pageview_id)).size === 3 && messages;
    }, 30_000);
    await publishEvents(brokers, Topics.analyticsLeadPageviews, [
      ...sent,
      ...sent.map((message) => ({ ...message, event_id: randomUUID(), duration_seconds: 1 })),
    ]);

    // Messages naming this practice's lead under another practice, and another practice's lead under this one.
    const other = await publishPractice(testPracticeSnapshot({ name: 'Northside Dental' }));
    const otherLead = await h.leads.person(other.practice.practice_id);
    const crossed = (practice: string, person: string): LeadPageviewV1 => ({
      ...sent[0],
      event_id: randomUUID(),
      practice_id: practice,
      person_id: person,
      pageview_id: randomUUID(),
      url: `${SITE}/not-theirs`,
    });
    await publishEvents(brokers, Topics.analyticsLeadPageviews, [
      crossed(other.practice.practice_id, personId),
      crossed(practiceId, otherLead.person_id),
    ]);

    // A return visit: a new session, after everything above in each practice's order.
    const returning = pageview({
      session_id: 's_return',
      url: `${SITE}/prices`,
      title: 'Prices',
      occurred_at: new Date().toISOString(),
    });
    await accepted(glow, [returning]);
    const otherOwn: LeadPageviewV1 = {
      ...crossed(other.practice.practice_id, otherLead.person_id),
      url: `${SITE}/own`,
    };
    await publishEvents(brokers, Topics.analyticsLeadPageviews, [otherOwn]);
    const pages = await eventually(async () => {
      const found = await pagesOf(practiceId, personId);
      return found.length === 4 && found;
    }, 60_000);
    expect(
      pages.map((page) => [page.session_id, page.content_data.url, page.content_data.duration_seconds]),
    ).toEqual([
      ['s_first_visit', `${SITE}/`, 40],
      ['s_first_visit', `${SITE}/services/botox`, 200],
      ['s_first_visit', `${SITE}/thank-you`, 30],
      ['s_return', `${SITE}/prices`, null],
    ]);
    expect(pages.slice(0, 3).map((page) => page.event_id)).toEqual(read.map((page) => page.event_id));
    const otherPages = await eventually(async () => {
      const found = await pagesOf(other.practice.practice_id, otherLead.person_id);
      return found.length > 0 && found;
    }, 60_000);
    expect(otherPages.map((page) => page.content_data.url)).toEqual([`${SITE}/own`]);

    // The return visit is news: the unseen dot, the last activity, and the site metrics follow.
    const returned = await personOf(personId);
    expect(returned.is_unseen).toBe(true);
    expect(returned.last_activity_at?.toISOString()).toBe(new Date(returning.occurred_at).toISOString());
    expect(returned.behavioral_insights).toMatchObject({
      calculated_metrics: { total_sessions: 2, total_pages_viewed: 4, total_time_on_site: 270 },
    });
    // The other visitor never became anyone's page.
    const all: { count: string }[] = await h.dataSource.query(
      `SELECT count(*) AS "count" FROM "people"."events" WHERE "event_type" = 'pageview' AND "practice_id" = $1`,
      [practiceId],
    );
    expect(Number(all[0].count)).toBe(4);
  }, 240_000);
});
