import { checkTrackingBatch } from '../../../services/analytics/src/tracking/tracking-rules';
import { batches, compactPast, HEARTBEAT_SECONDS, visitEvents } from './events';
import type { VisitPlan } from './traffic';
import { US_CITIES, USER_AGENTS } from './traffic';

const SITE = 'https://www.glowaesthetics.example';
const START = Date.parse('2026-11-24T12:00:00.000Z');
const plan: VisitPlan = {
  visitorId: 'visitor-1',
  sessionId: 'session-1',
  source: 'google',
  city: US_CITIES[0],
  userAgent: USER_AGENTS[0].agent,
  pages: [
    { url: `${SITE}/`, title: 'Home', referrer: 'https://www.google.com/', at: 0, dwell: 40 },
    { url: `${SITE}/contact`, title: 'Contact Us', referrer: `${SITE}/`, at: 42, dwell: 31 },
  ],
  form: {
    fields: { first_name: 'Emma', email: 'emma.smith12@example.com' },
    at: 20,
    person: {
      firstName: 'Emma',
      lastName: 'Smith',
      phone: '+12125550123',
      email: 'emma.smith12@example.com',
    },
    procedure: 'Botox',
  },
};
const secondsOf = (at: number) => (at - START) / 1000;

describe('a visit’s events', () => {
  const events = visitEvents(plan, START);

  it('are what the website script sends: a pageview, heartbeats every 15 s, the form, a pageleave with the total', () => {
    expect(
      events.map((item) => [secondsOf(item.at), item.event.type, item.event.duration_seconds ?? null]),
    ).toEqual([
      [0, 'pageview', null],
      [15, 'heartbeat', 15],
      [30, 'heartbeat', 30],
      [40, 'pageleave', 40],
      [42, 'pageview', null],
      [57, 'heartbeat', 15],
      [62, 'form', null],
      [72, 'heartbeat', 30],
      [73, 'pageleave', 31],
    ]);
    expect(HEARTBEAT_SECONDS).toBe(15);
  });

  it('time the pageview they belong to, carry the visitor, session, page and referrer, and have unique ids', () => {
    const [home, , , leave, contact, , form] = events.map((item) => item.event);
    expect(leave).toMatchObject({
      pageview_id: home.event_id,
      url: `${SITE}/`,
      referrer: 'https://www.google.com/',
    });
    expect(form).toMatchObject({ url: `${SITE}/contact`, referrer: `${SITE}/`, fields: plan.form!.fields });
    expect(contact.referrer).toBe(`${SITE}/`);
    for (const { event } of events)
      expect(event).toMatchObject({ visitor_id: 'visitor-1', session_id: 'session-1' });
    expect(new Set(events.map((item) => item.event.event_id)).size).toBe(events.length);
    expect(events[0].event.occurred_at).toBe('2026-11-24T12:00:00.000Z');
  });

  it('pass the ingress’s own checks as one batch, times and durations unchanged', () => {
    const checked = checkTrackingBatch(
      { site_key: 'site_glow_demo', events: events.map((item) => item.event) },
      new Date(START + 3_600_000),
    );
    expect(checked.events.map((event) => [event.type, event.occurred_at, event.duration_seconds])).toEqual(
      events.map((item) => [item.event.type, item.event.occurred_at, item.event.duration_seconds ?? null]),
    );
  });
});

describe('a quick fill', () => {
  const events = visitEvents(plan, START);

  it('sends a finished page as its pageview and pageleave, and a page still open with its latest heartbeat', () => {
    const now = START + 60_000;
    expect(compactPast(events, now).map((item) => [secondsOf(item.at), item.event.type])).toEqual([
      [0, 'pageview'],
      [40, 'pageleave'],
      [42, 'pageview'],
      [57, 'heartbeat'],
    ]);
    expect(compactPast(events, START + 100_000).map((item) => item.event.type)).toEqual([
      'pageview',
      'pageleave',
      'pageview',
      'form',
      'pageleave',
    ]);
    expect(compactPast(events, START - 1)).toEqual([]);
  });

  it('splits events into batches of at most 50 in order', () => {
    const items = Array.from({ length: 120 }, (_, index) => index);
    expect(batches(items).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches(items).flat()).toEqual(items);
  });
});
