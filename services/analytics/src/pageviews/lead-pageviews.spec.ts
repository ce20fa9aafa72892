import { leadPageviewMessage, LinkedPageviewRow } from './lead-pageviews';

const row: LinkedPageviewRow = {
  event_id: '7d1f6f0e-3b0e-5c1a-9d7e-1a2b3c4d5e6f',
  practice_id: '0b9c2a1e-8f7d-4c6b-a5e4-d3c2b1a09f8e',
  person_id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
  visitor_id: 'v_1',
  session_id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  client_session_id: 's_tracker',
  url: 'https://www.glow.example/services/botox#prices',
  title: 'Botox | Glow',
  referrer: 'https://www.google.com/',
  started_at: new Date('2026-11-24T10:00:00.000Z'),
  duration_seconds: null,
  left_at: null,
};

describe('leadPageviewMessage', () => {
  it('carries the whole pageview for the lead, keyed to the website script’s session', () => {
    expect(leadPageviewMessage(row)).toEqual({
      type: 'lead_pageview',
      practice_id: row.practice_id,
      person_id: row.person_id,
      pageview_id: row.event_id,
      visitor_id: 'v_1',
      session_id: 's_tracker',
      url: 'https://www.glow.example/services/botox#prices',
      title: 'Botox | Glow',
      referrer: 'https://www.google.com/',
      viewed_at: '2026-11-24T10:00:00.000Z',
      duration_seconds: null,
      left_at: null,
    });
  });

  it('falls back to analytics’ session when the script sent none, and carries duration and leave time', () => {
    const message = leadPageviewMessage({
      ...row,
      client_session_id: '  ',
      duration_seconds: 131,
      left_at: '2026-11-24T10:02:11.000Z',
    });
    expect(message).toMatchObject({
      session_id: row.session_id,
      duration_seconds: 131,
      left_at: '2026-11-24T10:02:11.000Z',
    });
  });
});
