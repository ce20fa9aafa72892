import { normaliseEvents } from './normaliseEvent';

describe('normaliseEvents', () => {
  it('turns a null, missing or non-object content_data / event_metadata into {}', () => {
    const [a, b, c] = normaliseEvents([
      { event_id: 'a', event_type: 'sms_sent', timestamp: '2026-03-04T10:00:00Z', event_metadata: null },
      { event_id: 'b', event_type: 'sms_sent', timestamp: '2026-03-04T10:00:00Z', content_data: null },
      {
        event_id: 'c',
        event_type: 'sms_sent',
        timestamp: '2026-03-04T10:00:00Z',
        content_data: 'text',
        event_metadata: [1],
      },
    ]);
    expect(a).toMatchObject({
      content_data: {},
      event_metadata: {},
      session_id: null,
      source_identifier: null,
    });
    expect(b).toMatchObject({ content_data: {}, event_metadata: {} });
    expect(c).toMatchObject({ content_data: {}, event_metadata: {} });
  });

  it('keeps what is there, names an event without id or type, drops one without a readable time', () => {
    const events = normaliseEvents([
      {
        event_id: 'kept',
        person_id: 'p',
        event_type: 'pageview',
        timestamp: '2026-03-04T10:00:00Z',
        session_id: 's1',
        content_data: { url: '/a' },
        event_metadata: { performed_by_name: 'Dana' },
      },
      { timestamp: '2026-03-04T11:00:00Z' },
      { event_id: 'no-time', event_type: 'sms_sent' },
      { event_id: 'bad-time', event_type: 'sms_sent', timestamp: 'yesterday-ish' },
      null,
      'junk',
    ]);
    expect(events.map((event) => event.event_id)).toEqual(['kept', 'event-1']);
    expect(events[0]).toMatchObject({ session_id: 's1', content_data: { url: '/a' } });
    expect(events[1]).toMatchObject({ event_type: 'unknown', person_id: '' });
  });

  it('answers [] for anything that is not a list', () => {
    expect(normaliseEvents(null)).toEqual([]);
    expect(normaliseEvents({ items: [] })).toEqual([]);
  });
});
