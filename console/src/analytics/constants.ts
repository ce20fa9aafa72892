/** The analytics area's constants (docs/product/analytics.md#constants). */
export const ANALYTICS = {
  /** The Overview's default range: today and the 29 days before it. */
  defaultRangeDays: 30,
  /** The metrics call is cached this long and not refetched on window focus. */
  metricsCacheMs: 60_000,
  /** The realtime pageview window, in seconds (30 minutes). */
  pageviewWindowSeconds: 1800,
  /** Pageviews are refetched this often. */
  pageviewRefetchMs: 15_000,
  /** Live lead event rows kept, and shown. */
  liveKeep: 100,
  liveShow: 50,
  /** Active pages listed, and recent pageviews shown. */
  activePagesTop: 10,
  recentPageviews: 50,
  /** The procedure legend's maximum height, px. */
  legendMaxHeight: 250,
} as const;

/** The visitor map (docs/product/analytics.md#live-activity). */
export const MAP = {
  /** The geographic centre of the contiguous United States. */
  centre: [39.8283, -98.5795] as [number, number],
  zoom: 4,
  singleMarkerZoom: 10,
  fitPadding: 50,
  fitMaxZoom: 12,
  // The tile server is the deployment's choice, off by default (mapTiles.ts; docs/decisions/0044-console-csp-and-map-tiles.md).
  tilesAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  // DB-IP's licence (CC BY 4.0) asks for this link wherever its locations are shown (docs/decisions/0026-pageview-pipeline.md).
  locationsAttribution: '<a href="https://db-ip.com">IP Geolocation by DB-IP</a>',
} as const;
