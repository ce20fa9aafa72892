import type { TimelineEventDto } from '@pp/contracts';
import {
  buildTimeline,
  dayLabel,
  pageOf,
  timelineItems,
  type CallItem,
  type EventItem,
  type SessionItem,
} from './groupTimeline';

let counter = 0;
/** An event at a local time (so the tests hold in any time zone). */
function event(
  event_type: string,
  at: Date,
  content_data: Record<string, unknown> = {},
  extra: Partial<TimelineEventDto> = {},
): TimelineEventDto {
  counter += 1;
  return {
    event_id: `e-${counter}`,
    person_id: 'lead-1',
    event_type,
    timestamp: at.toISOString(),
    session_id: null,
    source_identifier: null,
    content_data,
    event_metadata: {},
    ...extra,
  };
}

const at = (hours: number, minutes = 0, seconds = 0, day = 2) =>
  new Date(2025, 2, day, hours, minutes, seconds);
const NOW = new Date(2025, 2, 2, 18, 0);

const sessions = (items: ReturnType<typeof timelineItems>) =>
  items.filter((item): item is SessionItem => item.kind === 'session');
const calls = (items: ReturnType<typeof timelineItems>) =>
  items.filter((item): item is CallItem => item.kind === 'call');

describe('web sessions', () => {
  it('groups page visits and forms of one session id into one item, pages in the order visited', () => {
    const items = timelineItems([
      event(
        'form_submission',
        at(10, 6),
        { url: '/contact', form_data: { name: 'Ana' } },
        { session_id: 's1' },
      ),
      event(
        'pageview',
        at(10, 5),
        { url: '/contact', title: 'Contact', duration_seconds: 30 },
        { session_id: 's1' },
      ),
      event('pageview', at(10, 0), { url: '/', title: 'Home', duration_seconds: 200 }, { session_id: 's1' }),
      event('pageview', at(9, 0), { url: '/', title: 'Home' }, { session_id: 's2' }),
    ]);

    const found = sessions(items);
    expect(found).toHaveLength(2);
    const s1 = found.find((item) => item.sessionId === 's1')!;
    expect(s1.pages.map((page) => page.title)).toEqual(['Home', 'Contact']);
    expect(s1.forms).toHaveLength(1);
    expect(s1.forms[0].fields).toEqual([['name', 'Ana']]);
    expect(s1.timestamp).toEqual(at(10, 0));
    expect(s1.totalSeconds).toBe(230);
  });

  it('shows the pages of a session once: website_visit only opens it', () => {
    const [session] = sessions(
      timelineItems([
        event('website_visit', at(10), { url: '/', title: 'Home', referrer: 'google' }, { session_id: 's' }),
        event(
          'pageview',
          at(10, 0, 2),
          { url: '/', title: 'Home', duration_seconds: 40 },
          { session_id: 's' },
        ),
        event(
          'pageview',
          at(10, 1),
          { url: '/botox', title: 'Botox', duration_seconds: 30 },
          { session_id: 's' },
        ),
      ]),
    );
    expect(session.pages.map((page) => page.title)).toEqual(['Home', 'Botox']);
    expect(session.referrer).toBe('google');
    expect(session.timestamp).toEqual(at(10));
  });

  it('shows a lone website_visit as the page of its session', () => {
    const [session] = sessions(
      timelineItems([event('website_visit', at(10), { url: '/' }, { session_id: 's' })]),
    );
    expect(session.pages.map((page) => page.url)).toEqual(['/']);
  });

  it('marks a page engaged at 120 seconds, not at 119', () => {
    const [session] = sessions(
      timelineItems([
        event('pageview', at(10, 0), { url: '/a', duration_seconds: 119 }, { session_id: 's' }),
        event('pageview', at(10, 2), { url: '/b', duration_seconds: 120 }, { session_id: 's' }),
        event('pageview', at(10, 4), { url: '/c' }, { session_id: 's' }),
      ]),
    );
    expect(session.pages.map((page) => page.engaged)).toEqual([false, true, false]);
  });

  it('merges a form without a session into the session that visited the same page within 5 minutes, ignoring the hash', () => {
    const items = timelineItems([
      event('pageview', at(10, 0), { url: 'https://glow.example/consult#top' }, { session_id: 's1' }),
      event('form_submission', at(10, 4, 59), {
        url: 'https://glow.example/consult#form',
        form_data: { a: 1 },
      }),
    ]);
    expect(sessions(items)).toHaveLength(1);
    expect(sessions(items)[0].forms).toHaveLength(1);
    expect(sessions(items)[0].sessionId).toBe('s1');
  });

  it('keeps a form apart when the visit to its page is more than 5 minutes away', () => {
    const items = timelineItems([
      event('pageview', at(10, 0), { url: '/consult' }, { session_id: 's1' }),
      event('form_submission', at(10, 5, 1), { url: '/consult' }),
    ]);
    const found = sessions(items);
    expect(found).toHaveLength(2);
    expect(found.find((item) => item.forms.length === 1)!.pages).toEqual([]);
  });

  it('keeps a form apart when the session within 5 minutes visited another page', () => {
    const items = timelineItems([
      event('pageview', at(10, 0), { url: '/pricing' }, { session_id: 's1' }),
      event('form_submission', at(10, 1), { url: '/consult' }),
    ]);
    expect(sessions(items)).toHaveLength(2);
  });

  it('joins the nearest of two sessions that visited the page', () => {
    const items = timelineItems([
      event('pageview', at(10, 0), { url: '/consult' }, { session_id: 'far' }),
      event('pageview', at(10, 6), { url: '/consult' }, { session_id: 'near' }),
      event('form_submission', at(10, 4), { url: '/consult' }),
    ]);
    expect(sessions(items).find((item) => item.sessionId === 'near')!.forms).toHaveLength(1);
    expect(sessions(items).find((item) => item.sessionId === 'far')!.forms).toHaveLength(0);
  });

  it('merges a form whose own session has no visit on the timeline', () => {
    const items = timelineItems([
      event('pageview', at(10, 0), { url: '/consult' }, { session_id: 's1' }),
      event('form_submission', at(10, 2), { url: '/consult' }, { session_id: 'lost' }),
    ]);
    expect(sessions(items)).toHaveLength(1);
    expect(sessions(items)[0].forms).toHaveLength(1);
  });

  it('shows what the visitor typed as text, objects included', () => {
    const [session] = sessions(
      timelineItems([
        event('form_submission', at(10), {
          url: '/c',
          form_data: { message: '<script>alert(1)</script>', tags: ['a'], phone: 5551234567 },
        }),
      ]),
    );
    expect(session.forms[0].fields).toEqual([
      ['message', '<script>alert(1)</script>'],
      ['tags', '["a"]'],
      ['phone', '5551234567'],
    ]);
  });
});

describe('calls', () => {
  it('merges a call with its completed-call event by call_sid', () => {
    const items = timelineItems([
      event('phone_call_completed', at(11, 5), {
        call_sid: 'CA1',
        duration_seconds: 312,
        status: 'completed',
        summary: 'Asked about pricing',
        transcript: 'Hello...',
        recording_url: 'https://rec.example/CA1.mp3',
      }),
      event('phone_call_received', at(11, 0), { call_sid: 'CA1', from_number: '+12145550131' }),
      event('phone_call_sent', at(12, 0), { call_sid: 'CA2', to_number: '+12145550131' }),
    ]);

    const found = calls(items);
    expect(found).toHaveLength(2);
    const first = found.find((call) => call.callSid === 'CA1')!;
    expect(first).toMatchObject({
      direction: 'inbound',
      from: '+12145550131',
      durationSeconds: 312,
      status: 'completed',
      summary: 'Asked about pricing',
      transcript: 'Hello...',
      recordingUrl: 'https://rec.example/CA1.mp3',
      completed: true,
      timestamp: at(11, 0),
    });
    const second = found.find((call) => call.callSid === 'CA2')!;
    expect(second).toMatchObject({ direction: 'outbound', completed: false, durationSeconds: null });
  });

  it('keeps calls without a call_sid apart', () => {
    const items = timelineItems([event('phone_call', at(9)), event('phone_call_completed', at(9, 3))]);
    expect(calls(items)).toHaveLength(2);
  });
});

describe('the timeline', () => {
  it('hides pending_review events', () => {
    const items = timelineItems([
      event('pending_review', at(10), { original_decision: { message: 'Hi' } }),
      event('sms_sent', at(9), { message: 'Hi' }),
    ]);
    expect(items).toHaveLength(1);
    expect((items[0] as EventItem).event.event_type).toBe('sms_sent');
  });

  it('orders items newest first, a session by its start', () => {
    const items = timelineItems([
      event('sms_received', at(10, 30), { message: 'yes' }),
      event('pageview', at(10, 0), { url: '/' }, { session_id: 's' }),
      event('pageview', at(10, 45), { url: '/b' }, { session_id: 's' }),
      event('email_sent', at(11), { subject: 'Hi' }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(['event', 'event', 'session']);
    expect(items[0].timestamp).toEqual(at(11));
  });

  it('groups by local day with Today, Yesterday and a weekday date', () => {
    const days = buildTimeline(
      [
        event('sms_sent', at(9)),
        event('sms_sent', at(8)),
        event('sms_sent', at(23, 59, 0, 1)),
        event('sms_sent', at(0, 0, 0, 1)),
        event('sms_sent', new Date(2025, 1, 24, 12)),
      ],
      NOW,
    );
    expect(days.map((day) => [day.label, day.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 2],
      ['Monday, February 24', 1],
    ]);
  });

  it('gives an empty list for no events, or only hidden ones', () => {
    expect(buildTimeline([], NOW)).toEqual([]);
    expect(buildTimeline([event('pending_review', at(9))], NOW)).toEqual([]);
  });
});

describe('dayLabel', () => {
  it('adds the year to a day of another year', () => {
    expect(dayLabel(new Date(2024, 11, 30), NOW)).toBe('Monday, December 30, 2024');
    expect(dayLabel(new Date(2025, 2, 2), NOW)).toBe('Today');
  });

  it("counts days on the practice's clock, whatever the browser's zone", () => {
    // 00:30 UTC on Nov 25 is 6:30 PM on Nov 24 in Chicago: the practice's day has not turned yet.
    const now = new Date('2026-11-25T00:30:00.000Z');
    const zone = 'America/Chicago';
    expect(dayLabel(new Date('2026-11-24T23:30:00.000Z'), now, undefined, zone)).toBe('Today');
    expect(dayLabel(new Date('2026-11-24T05:30:00.000Z'), now, undefined, zone)).toBe('Yesterday');
    expect(dayLabel(new Date('2026-11-23T05:30:00.000Z'), now, undefined, zone)).toBe('Sunday, November 22');
    expect(dayLabel(new Date('2026-01-01T03:00:00.000Z'), now, undefined, zone)).toBe(
      'Wednesday, December 31, 2025',
    );
  });
});

describe("the timeline's days on the practice's clock", () => {
  it('keeps an evening in Chicago on one day across midnight UTC', () => {
    const days = buildTimeline(
      [
        event('sms_sent', new Date('2026-11-25T01:10:00.000Z')), // Nov 24, 7:10 PM in Chicago
        event('sms_sent', new Date('2026-11-24T23:50:00.000Z')), // Nov 24, 5:50 PM
        event('sms_sent', new Date('2026-11-24T05:50:00.000Z')), // Nov 23, 11:50 PM
      ],
      new Date('2026-11-25T02:00:00.000Z'),
      undefined,
      'America/Chicago',
    );
    expect(days.map((day) => [day.key, day.label, day.items.length])).toEqual([
      ['2026-11-24', 'Today', 2],
      ['2026-11-23', 'Yesterday', 1],
    ]);
  });
});

describe('pageOf', () => {
  it('drops the fragment only', () => {
    expect(pageOf('https://x.example/a?b=1#c')).toBe('https://x.example/a?b=1');
    expect(pageOf(null)).toBeNull();
  });
});
