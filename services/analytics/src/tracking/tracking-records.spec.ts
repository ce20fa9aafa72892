import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { trackingEnvelopeId, trackingRecord } from './tracking-records';

describe('trackingEnvelopeId', () => {
  it('is the RFC 4122 UUID v5 of the event id in the practice namespace', () => {
    // The RFC's own example: "www.example.com" in the DNS namespace.
    expect(trackingEnvelopeId('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it("gives the uuid package's v5 ids (the ids earlier releases published), upper-case namespaces and any text", () => {
    const names = ['evt-1', randomUUID(), '¿Cuánto? 🦷', '', 'x'.repeat(200)];
    for (const practice of [
      randomUUID(),
      randomUUID().toUpperCase(),
      '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01',
    ]) {
      for (const name of names) expect(trackingEnvelopeId(practice, name)).toBe(uuidv5(name, practice));
    }
    expect(() => trackingEnvelopeId('not-a-uuid', 'evt-1')).toThrow(TypeError);
  });

  it('is the same for the same event of a practice, and differs between practices', () => {
    const practice = '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01';
    const other = '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a02';
    expect(trackingEnvelopeId(practice, 'evt-1')).toBe(trackingEnvelopeId(practice, 'evt-1'));
    expect(trackingEnvelopeId(practice, 'evt-1')).not.toBe(trackingEnvelopeId(other, 'evt-1'));
    expect(trackingEnvelopeId(practice, 'evt-1')).not.toBe(trackingEnvelopeId(practice, 'evt-2'));
  });
});

describe('trackingRecord', () => {
  const event = {
    event_id: 'evt-1',
    visitor_id: 'v1',
    session_id: 's1',
    url: 'https://glow.example/contact',
    title: null,
    referrer: null,
    occurred_at: '2026-11-24T10:00:00.000Z',
    fields: { name: 'Ana' },
    pageview_id: null,
    duration_seconds: null,
  };
  const context = {
    practiceId: '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01',
    receivedAt: new Date('2026-11-24T10:00:01.000Z'),
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
  };

  it('puts a form on tracking.forms and a pageview on tracking.pageviews, keyed by practice', () => {
    const form = trackingRecord({ ...event, type: 'form' }, context);
    const view = trackingRecord({ ...event, type: 'pageview', fields: {} }, context);
    expect([form.topic, form.key, form.headers.event_type]).toEqual([
      'tracking.forms',
      context.practiceId,
      'form_submitted',
    ]);
    expect([view.topic, view.key, view.headers.event_type]).toEqual([
      'tracking.pageviews',
      context.practiceId,
      'pageview',
    ]);
    expect(JSON.parse(view.value)).not.toHaveProperty('fields');
    expect(JSON.parse(form.value)).toMatchObject({
      submitted_at: event.occurred_at,
      received_at: '2026-11-24T10:00:01.000Z',
    });
  });

  it('gives a pageview its source, UTM parameters, click ids and location', () => {
    const geo = {
      country_code: 'US',
      city: 'Austin',
      region: 'Texas',
      latitude: 30.27,
      longitude: -97.74,
      via: 'cloudflare' as const,
    };
    const view = trackingRecord(
      {
        ...event,
        type: 'pageview',
        fields: {},
        url: 'https://glow.example/?utm_source=google&utm_medium=cpc&utm_campaign=botox&gclid=abc',
        referrer: 'https://www.google.com/',
      },
      { ...context, geo },
    );
    expect(JSON.parse(view.value)).toMatchObject({
      source: 'google_ads',
      utm: { source: 'google', medium: 'cpc', campaign: 'botox' },
      click_ids: { gclid: 'abc' },
      geo,
    });
  });

  it('puts heartbeats and pageleaves on tracking.pageviews with the pageview they time', () => {
    const leave = trackingRecord(
      { ...event, type: 'pageleave', fields: {}, pageview_id: 'pv-1', duration_seconds: 42 },
      context,
    );
    expect([leave.topic, leave.headers.event_type]).toEqual(['tracking.pageviews', 'pageleave']);
    expect(JSON.parse(leave.value)).toMatchObject({
      type: 'pageleave',
      tracking_event_id: 'evt-1',
      pageview_id: 'pv-1',
      duration_seconds: 42,
      visitor_id: 'v1',
    });
    expect(JSON.parse(leave.value)).not.toHaveProperty('ip');
  });
});
