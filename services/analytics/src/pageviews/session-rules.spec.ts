import { assignSessions, dayIn, SessionState, ViewForSession } from './session-rules';

const practice = '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a01';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 10, 0) + minutes * 60_000);
let counter = 0;
const view = (minutes: number, overrides: Partial<ViewForSession> = {}): ViewForSession => ({
  event_id: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
  practice_id: practice,
  visitor_id: 'v1',
  client_session_id: 's1',
  started_at: at(minutes),
  source: 'direct',
  internal: false,
  ...overrides,
});
const existing = (overrides: Partial<SessionState> = {}): SessionState => ({
  session_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  practice_id: practice,
  visitor_id: 'v1',
  client_session_id: 's1',
  source: 'google',
  started_at: at(0),
  last_seen_at: at(10),
  pageviews: 2,
  isNew: false,
  touched: false,
  ...overrides,
});

describe('assignSessions', () => {
  it('keeps pageviews within 30 minutes of the last activity in one session', () => {
    const views = [view(0, { source: 'google' }), view(29, { internal: true }), view(58, { internal: true })];
    const { sessions, assignments } = assignSessions([], views);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ session_id: views[0].event_id, pageviews: 3, source: 'google' });
    expect(sessions[0].last_seen_at).toEqual(at(58));
    // Internal navigation keeps the session's source.
    expect([...assignments.values()].map((a) => a.source)).toEqual(['google', 'google', 'google']);
  });

  it('starts a new session after more than 30 minutes of inactivity', () => {
    const views = [view(0), view(31)];
    const { sessions, assignments } = assignSessions([], views);
    expect(sessions.map((s) => s.session_id)).toEqual([views[0].event_id, views[1].event_id]);
    expect(assignments.get(views[1].event_id)?.session_id).toBe(views[1].event_id);
  });

  it('counts exactly 30 minutes as the same session', () => {
    expect(assignSessions([], [view(0), view(30)]).sessions).toHaveLength(1);
  });

  it('continues a session stored by an earlier batch, and splits from it after the gap', () => {
    const stored = existing();
    const near = view(35);
    const far = view(80);
    const { sessions, assignments } = assignSessions([stored], [near, far]);
    expect(assignments.get(near.event_id)?.session_id).toBe(stored.session_id);
    expect(stored).toMatchObject({ pageviews: 3, touched: true });
    expect(stored.last_seen_at).toEqual(at(35));
    expect(assignments.get(far.event_id)?.session_id).toBe(far.event_id);
    expect(sessions.filter((s) => s.isNew)).toHaveLength(1);
  });

  it('takes pageviews in time order whatever order they arrived in', () => {
    const late = view(20, { source: 'bing' });
    const early = view(0, { source: 'facebook' });
    const { sessions, assignments } = assignSessions([], [late, early]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ session_id: early.event_id, source: 'facebook' });
    expect(assignments.get(late.event_id)).toEqual({ session_id: early.event_id, source: 'bing' });
  });

  it('lets a late earlier pageview open a stored session and give it its source', () => {
    const stored = existing({ started_at: at(10), last_seen_at: at(20) });
    const earlier = view(-5, { source: 'instagram' });
    assignSessions([stored], [earlier]);
    expect(stored.started_at).toEqual(at(-5));
    expect(stored.source).toBe('instagram');
  });

  it('keeps visitors and practices apart, and ignores the snippet’s session id', () => {
    const views = [
      view(0, { visitor_id: 'v1', client_session_id: 'a' }),
      view(1, { visitor_id: 'v1', client_session_id: 'b' }),
      view(1, { visitor_id: 'v1', client_session_id: null }),
      view(2, { visitor_id: 'v2' }),
      view(3, { visitor_id: 'v1', practice_id: '5b8e1c4a-2d7f-4e3b-8a6c-9f1d2e4b7a02' }),
    ];
    const { sessions } = assignSessions([], views);
    expect(sessions.map((s) => [s.visitor_id, s.pageviews])).toEqual([
      ['v1', 3],
      ['v2', 1],
      ['v1', 1],
    ]);
  });
});

describe('dayIn', () => {
  it('is the calendar day in the time zone, UTC when unknown', () => {
    const lateEvening = new Date('2026-11-25T03:30:00Z');
    expect(dayIn(lateEvening, 'America/Chicago')).toBe('2026-11-24');
    expect(dayIn(lateEvening, null)).toBe('2026-11-25');
    expect(dayIn(lateEvening, 'Not/AZone')).toBe('2026-11-25');
  });
});
