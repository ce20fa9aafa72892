import { readPageviewMessage } from './pageview-messages';

const practice = '5B8E1C4A-2D7F-4E3B-8A6C-9F1D2E4B7A01';
const base = {
  v: 1,
  event_id: '2ED6657D-E927-568B-95E1-2665A8AEA6A2',
  practice_id: practice,
  occurred_at: '2026-11-24T10:00:00.000Z',
  tracking_event_id: 'evt-1',
  visitor_id: 'v1',
  session_id: 's1',
  url: 'https://glow.example/botox?msclkid=m1',
  received_at: '2026-11-24T10:00:01.000Z',
};

describe('readPageviewMessage', () => {
  it('classifies a pageview published before the ingress did (no source, utm or geo)', () => {
    const read = readPageviewMessage({
      ...base,
      type: 'pageview',
      title: 'Botox',
      referrer: 'https://www.bing.com/',
      viewed_at: '2026-11-24T09:59:59.000Z',
      ip: null,
      user_agent: null,
    });
    expect(read).toMatchObject({
      event_id: base.event_id.toLowerCase(),
      practice_id: practice.toLowerCase(),
      source: 'microsoft_ads',
      click_ids: { msclkid: 'm1' },
      utm: {},
      geo: null,
      path: '/botox',
      internal: false,
      started_at: new Date('2026-11-24T09:59:59.000Z'),
    });
  });

  it('keeps the ingress’s classification and location, dropping out-of-range coordinates', () => {
    const read = readPageviewMessage({
      ...base,
      type: 'pageview',
      referrer: 'https://glow.example/',
      viewed_at: base.occurred_at,
      source: 'google',
      utm: { source: 'google', medium: 7 },
      click_ids: {},
      geo: {
        country_code: 'US',
        city: 'Austin',
        region: null,
        latitude: 95,
        longitude: 10,
        via: 'cloudflare',
      },
    });
    expect(read).toMatchObject({
      source: 'google',
      internal: true,
      utm: { source: 'google' },
      geo: { country_code: 'US', city: 'Austin', latitude: null, longitude: null },
    });
  });

  it('reads heartbeats and pageleaves, clamping the duration to 0..86400 seconds', () => {
    expect(
      readPageviewMessage({ ...base, type: 'pageleave', pageview_id: 'pv-1', duration_seconds: 99_999.4 }),
    ).toMatchObject({ type: 'pageleave', pageview_id: 'pv-1', duration_seconds: 86_400 });
    expect(readPageviewMessage({ ...base, type: 'heartbeat', duration_seconds: -3 })).toMatchObject({
      pageview_id: null,
      duration_seconds: 0,
      at: new Date(base.occurred_at),
    });
  });

  it('skips what is not a pageview or timing of version 1 with its ids', () => {
    expect(readPageviewMessage({ ...base, type: 'form_submitted' })).toBeNull();
    expect(readPageviewMessage({ ...base, type: 'pageview', v: 2 })).toBeNull();
    expect(readPageviewMessage({ ...base, type: 'pageview', event_id: 'nope' })).toBeNull();
    expect(readPageviewMessage({ ...base, type: 'pageview', visitor_id: '' })).toBeNull();
    expect(readPageviewMessage('not json')).toBeNull();
    expect(readPageviewMessage(null)).toBeNull();
  });
});
