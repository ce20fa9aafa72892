import { AREAS, isActivePath } from './navigation';

describe('isActivePath', () => {
  it.each(['/leads', '/leads/42', '/leads/42/notes'])('marks Leads active on %s', (pathname) => {
    expect(isActivePath(pathname, '/leads')).toBe(true);
  });

  it.each(['/leadsx', '/lead', '/calendar', '/calendar/leads', '/'])(
    'does not mark Leads active on %s',
    (pathname) => {
      expect(isActivePath(pathname, '/leads')).toBe(false);
    },
  );

  it('marks Settings active on its sub-pages', () => {
    expect(isActivePath('/settings/communications', '/settings')).toBe(true);
  });
});

describe('AREAS', () => {
  it('lists the sidebar areas in order: Leads, Calendar, Analytics, Settings', () => {
    expect(AREAS.map((area) => area.path)).toEqual(['/leads', '/calendar', '/analytics', '/settings']);
  });
});
