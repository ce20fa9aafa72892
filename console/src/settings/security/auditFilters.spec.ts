import { actionKey, auditQuery, NO_FILTERS, shortId, startOfDay } from './auditFilters';

describe('the Security page filters', () => {
  it('send nothing when empty', () => {
    expect(auditQuery(NO_FILTERS)).toBe('');
  });

  it('send the user, lead and action as typed, trimmed', () => {
    const query = new URLSearchParams(
      auditQuery({ ...NO_FILTERS, user: ' dana@glow.example ', lead: 'abc', action: 'timeline.read' }),
    );
    expect(Object.fromEntries(query)).toEqual({
      user: 'dana@glow.example',
      lead: 'abc',
      action: 'timeline.read',
    });
  });

  it('turn local days into instants, the last day included', () => {
    const query = new URLSearchParams(auditQuery({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-03' }));
    expect(query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 10, 4).toISOString());
  });

  it('page with the cursor and the page size', () => {
    expect(auditQuery(NO_FILTERS, { cursor: 'abc', limit: 50 })).toBe('cursor=abc&limit=50');
  });

  it('ignore a malformed day', () => {
    expect(startOfDay('2026-13')).toBeNull();
    expect(auditQuery({ ...NO_FILTERS, from: 'yesterday' })).toBe('');
  });

  it('name an action’s label and shorten ids', () => {
    expect(actionKey('lead.mark_seen')).toBe('lead_mark_seen');
    expect(shortId('0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15')).toBe('0b6f3d2e');
  });
});
