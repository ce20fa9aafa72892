import { TRAFFIC_SOURCES, type RealtimePageview, type TrafficSource } from '@pp/contracts';
import { en } from '../i18n/en';
import { ANALYTICS } from './constants';

/** Pure rules of the Realtime Activity view (docs/product/analytics.md#live-activity). */

const t = en.pp.analytics;

/** Active Users: distinct visitors of the window. */
export const activeUsers = (pageviews: readonly RealtimePageview[]): number =>
  new Set(pageviews.map((view) => view.visitor_id)).size;

/** A view still open: the visitor has not left the page (duration_seconds is null). */
export const isOpen = (view: RealtimePageview): boolean => view.duration_seconds === null;

export interface ActivePage {
  url: string;
  title: string | null;
  users: number;
}

/** Pages with open views, by distinct active visitors (most first, then by url). */
export function activePages(pageviews: readonly RealtimePageview[]): ActivePage[] {
  const pages = new Map<string, { title: string | null; visitors: Set<string> }>();
  for (const view of pageviews) {
    if (!isOpen(view)) continue;
    const page = pages.get(view.url) ?? { title: view.title, visitors: new Set<string>() };
    page.visitors.add(view.visitor_id);
    pages.set(view.url, page);
  }
  return [...pages.entries()]
    .map(([url, page]) => ({ url, title: page.title, users: page.visitors.size }))
    .sort((a, b) => b.users - a.users || a.url.localeCompare(b.url));
}

/** The Active Pages list: the top 10. */
export const topActivePages = (pageviews: readonly RealtimePageview[]): ActivePage[] =>
  activePages(pageviews).slice(0, ANALYTICS.activePagesTop);

/** Recent Pageviews: the first 50 (the answer is newest first). */
export const recentPageviews = (pageviews: readonly RealtimePageview[]): RealtimePageview[] =>
  pageviews.slice(0, ANALYTICS.recentPageviews);

const fill = (template: string, values: Record<string, number>) =>
  template.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** Avg Session: '0s', 'Ns' under a minute, else 'Mm Ss'. */
export function sessionText(seconds: number | null | undefined): string {
  const total =
    typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (total === 0) return t.session.zero;
  if (total < 60) return fill(t.session.seconds, { seconds: total });
  return fill(t.session.minutes, { minutes: Math.floor(total / 60), seconds: total % 60 });
}

export interface SourceCount {
  source: TrafficSource;
  visitors: number;
}

/** Distinct visitors per traffic source, most first (ties in the spec's order); sources with none left out. */
export function sourceCounts(pageviews: readonly RealtimePageview[]): SourceCount[] {
  const visitors = new Map<TrafficSource, Set<string>>();
  for (const view of pageviews) {
    const source: TrafficSource = TRAFFIC_SOURCES.includes(view.source) ? view.source : 'referral';
    const set = visitors.get(source) ?? new Set<string>();
    set.add(view.visitor_id);
    visitors.set(source, set);
  }
  return TRAFFIC_SOURCES.filter((source) => visitors.has(source))
    .map((source) => ({ source, visitors: visitors.get(source)?.size ?? 0 }))
    .sort((a, b) => b.visitors - a.visitors);
}

/** A source's label ('google' is 'Google Organic'). */
export const sourceLabel = (source: string): string =>
  (t.realtime.sources as Record<string, string>)[source] ?? source;

export interface MapMarker {
  key: string;
  position: [number, number];
  /** 'city, country', each part 'Unknown' when missing. */
  label: string;
}

/** 'city, country', a missing part read as 'Unknown'. */
export function placeText(view: Pick<RealtimePageview, 'city' | 'country'>): string {
  const unknown = t.realtime.unknown_location;
  return `${view.city?.trim() || unknown}, ${view.country?.trim() || unknown}`;
}

/** One marker per visitor with a location: where their latest pageview came from. */
export function mapMarkers(pageviews: readonly RealtimePageview[]): MapMarker[] {
  const seen = new Set<string>();
  const markers: MapMarker[] = [];
  for (const view of pageviews) {
    if (seen.has(view.visitor_id)) continue;
    if (typeof view.latitude !== 'number' || typeof view.longitude !== 'number') continue;
    if (!Number.isFinite(view.latitude) || !Number.isFinite(view.longitude)) continue;
    seen.add(view.visitor_id);
    markers.push({ key: view.visitor_id, position: [view.latitude, view.longitude], label: placeText(view) });
  }
  return markers;
}

/** A pageview's time on page: 'Ns on page', or null while the visitor is still on it. */
export function onPageText(view: RealtimePageview): string | null {
  if (view.duration_seconds === null) return null;
  return fill(t.realtime.on_page, { seconds: Math.max(0, Math.round(view.duration_seconds)) });
}
