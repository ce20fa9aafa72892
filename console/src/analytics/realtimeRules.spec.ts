import {
  activePages,
  activeUsers,
  mapMarkers,
  onPageText,
  placeText,
  recentPageviews,
  sessionText,
  sourceCounts,
  sourceLabel,
  topActivePages,
} from './realtimeRules';
import { aPageview } from './testKit';

describe('the realtime cards', () => {
  it('count distinct visitors and pages with open views', () => {
    const views = [
      aPageview({ visitor_id: 'a', url: '/x' }),
      aPageview({ visitor_id: 'a', url: '/y', duration_seconds: 20 }),
      aPageview({ visitor_id: 'b', url: '/x' }),
      aPageview({ visitor_id: 'c', url: '/z', duration_seconds: 5 }),
    ];
    expect(activeUsers(views)).toBe(3);
    expect(activePages(views)).toEqual([{ url: '/x', title: 'Botox | Glow', users: 2 }]);
  });

  it("show the average session as '0s', seconds, or minutes and seconds", () => {
    expect(sessionText(0)).toBe('0s');
    expect(sessionText(null)).toBe('0s');
    expect(sessionText(42.4)).toBe('42s');
    expect(sessionText(60)).toBe('1m 0s');
    expect(sessionText(125)).toBe('2m 5s');
  });
});

describe('the active pages list', () => {
  it('keeps the top 10 by active visitors', () => {
    const views = Array.from({ length: 12 }, (_, page) =>
      Array.from({ length: page + 1 }, (__, visitor) =>
        aPageview({ url: `/page-${page}`, visitor_id: `v-${page}-${visitor}` }),
      ),
    ).flat();
    const top = topActivePages(views);
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({ url: '/page-11', users: 12 });
    expect(top[9]).toMatchObject({ url: '/page-2', users: 3 });
  });
});

describe('the recent pageviews', () => {
  it('are the first 50', () => {
    const views = Array.from({ length: 60 }, (_, index) => aPageview({ visitor_id: `v-${index}` }));
    const recent = recentPageviews(views);
    expect(recent).toHaveLength(50);
    expect(recent[0].visitor_id).toBe('v-0');
    expect(recent[49].visitor_id).toBe('v-49');
  });

  it("say 'Ns on page', nothing while the visitor is still on it", () => {
    expect(onPageText(aPageview({ duration_seconds: 42 }))).toBe('42s on page');
    expect(onPageText(aPageview({ duration_seconds: null }))).toBeNull();
  });
});

describe('the visitor locations', () => {
  it('count distinct visitors per traffic source, most first', () => {
    const views = [
      aPageview({ visitor_id: 'a', source: 'google' }),
      aPageview({ visitor_id: 'a', source: 'google' }),
      aPageview({ visitor_id: 'b', source: 'facebook' }),
      aPageview({ visitor_id: 'c', source: 'facebook' }),
      aPageview({ visitor_id: 'd', source: 'direct' }),
    ];
    expect(sourceCounts(views)).toEqual([
      { source: 'facebook', visitors: 2 },
      { source: 'direct', visitors: 1 },
      { source: 'google', visitors: 1 },
    ]);
    expect(sourceCounts([])).toEqual([]);
  });

  it("name google 'Google Organic'", () => {
    expect(sourceLabel('google')).toBe('Google Organic');
    expect(sourceLabel('google_ads')).toBe('Google Ads');
    expect(sourceLabel('microsoft_ads')).toBe('Microsoft Ads');
  });

  it("put one marker per located visitor, its popup 'city, country' with 'Unknown' for a missing part", () => {
    const markers = mapMarkers([
      aPageview({ visitor_id: 'a', latitude: 30.27, longitude: -97.74 }),
      aPageview({ visitor_id: 'a', latitude: 1, longitude: 1 }),
      aPageview({ visitor_id: 'b', latitude: null, longitude: null }),
      aPageview({ visitor_id: 'c', latitude: 40.71, longitude: -74, city: null, country: 'United States' }),
    ]);
    expect(markers).toEqual([
      { key: 'a', position: [30.27, -97.74], label: 'Austin, United States' },
      { key: 'c', position: [40.71, -74], label: 'Unknown, United States' },
    ]);
    expect(placeText({ city: null, country: null })).toBe('Unknown, Unknown');
  });
});
