import { isReturnVisit, latestPerPageview, pageviewTimelineRow, readLeadPageview } from './pageview-timeline';

const message = {
  v: 1,
  type: 'lead_pageview',
  event_id: 'A1B2C3D4-0000-4000-8000-000000000001',
  occurred_at: '2026-11-24T10:05:00.000Z',
  practice_id: '0b9c2a1e-8f7d-4c6b-a5e4-d3c2b1a09f8e',
  person_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
  pageview_id: '7d1f6f0e-3b0e-5c1a-9d7e-1a2b3c4d5e6f',
  visitor_id: 'v_1',
  session_id: 's_tracker',
  url: 'https://www.glow.example/services/botox',
  title: 'Botox | Glow',
  referrer: 'https://www.google.com/',
  viewed_at: '2026-11-24T10:00:00.000Z',
  duration_seconds: 42.4,
  left_at: null,
};

describe('readLeadPageview', () => {
  it('reads a lead pageview, ids lower-cased and the duration whole seconds', () => {
    expect(readLeadPageview(message)).toMatchObject({
      event_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      session_id: 's_tracker',
      viewed_at: new Date('2026-11-24T10:00:00.000Z'),
      duration_seconds: 42,
    });
  });

  it.each([
    ['another version', { v: 2 }],
    ['another type', { type: 'pageview' }],
    ['a person that is no id', { person_id: 'someone' }],
    ['no session', { session_id: ' ' }],
    ['no url', { url: null }],
    ['a broken time', { viewed_at: 'yesterday' }],
  ])('skips a message with %s', (_label, change) => {
    expect(readLeadPageview({ ...message, ...change })).toBeNull();
  });

  it('keeps durations within a day and reads a missing one as unknown', () => {
    expect(readLeadPageview({ ...message, duration_seconds: 1e9 })?.duration_seconds).toBe(86_400);
    expect(readLeadPageview({ ...message, duration_seconds: -3 })?.duration_seconds).toBe(0);
    expect(readLeadPageview({ ...message, duration_seconds: null })?.duration_seconds).toBeNull();
  });
});

describe('pageviewTimelineRow', () => {
  it('is a pageview of the script’s session with url, title, referrer and duration', () => {
    const view = readLeadPageview(message)!;
    expect(pageviewTimelineRow(view)).toEqual({
      practice_id: message.practice_id,
      person_id: message.person_id,
      timestamp: '2026-11-24T10:00:00.000Z',
      session_id: 's_tracker',
      source_identifier: message.pageview_id,
      content_data: {
        url: message.url,
        title: 'Botox | Glow',
        referrer: 'https://www.google.com/',
        duration_seconds: 42,
      },
      event_metadata: { source: 'website', visitor_id: 'v_1' },
    });
  });
});

describe('latestPerPageview', () => {
  it('keeps one message per pageview, the latest, with the longest duration seen', () => {
    const first = readLeadPageview({ ...message, duration_seconds: 90 })!;
    const other = readLeadPageview({ ...message, pageview_id: '7d1f6f0e-3b0e-5c1a-9d7e-000000000002' })!;
    const late = readLeadPageview({ ...message, duration_seconds: 30, title: 'Botox prices' })!;
    const latest = latestPerPageview([first, other, late]);
    expect(latest).toHaveLength(2);
    expect(latest[1]).toMatchObject({
      pageview_id: first.pageview_id,
      title: 'Botox prices',
      duration_seconds: 90,
    });
  });
});

describe('isReturnVisit', () => {
  const leadCreatedAt = new Date('2026-11-24T10:00:00Z');
  it('is a new session viewed after the lead existed', () => {
    expect(
      isReturnVisit({
        viewedAt: new Date('2026-11-25T09:00:00Z'),
        leadCreatedAt,
        sessionAlreadyOnTimeline: false,
      }),
    ).toBe(true);
  });
  it('is not a page seen before the form, nor more of a session the timeline shows', () => {
    expect(
      isReturnVisit({
        viewedAt: new Date('2026-11-24T09:55:00Z'),
        leadCreatedAt,
        sessionAlreadyOnTimeline: false,
      }),
    ).toBe(false);
    expect(
      isReturnVisit({
        viewedAt: new Date('2026-11-24T10:03:00Z'),
        leadCreatedAt,
        sessionAlreadyOnTimeline: true,
      }),
    ).toBe(false);
  });
});
