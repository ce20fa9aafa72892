// A planned visit as the events the website script (tracker/) would post for it, in the ingress's shape
// (POST /api/v1/tracking/events, services/analytics/src/tracking/tracking-rules.ts). Pure: unit-tested.
import type { TrackingEventInput } from '@pp/contracts';
import { randomUUID } from 'node:crypto';
import type { VisitPlan } from './traffic';

/** One event as the script sends it: the ingress's own input type, with a title and referrer always given. */
export type TrackingEvent = TrackingEventInput & { title: string | null; referrer: string | null };

/** An event and the moment it happens (ms since the epoch). */
export interface TimedEvent {
  at: number;
  event: TrackingEvent;
}

/** The script's heartbeat while a page is visible (tracker/src/tracker.ts). */
export const HEARTBEAT_SECONDS = 15;
/** The ingress takes at most this many events in one batch. */
export const MAX_BATCH = 50;

/**
 * Every event of a visit starting at `start` (ms), in time order: per page a pageview, a heartbeat every 15 s
 * with the seconds so far, and a pageleave with the total when the visitor moves on or leaves; the form (if any)
 * on the last page.
 */
export function visitEvents(plan: VisitPlan, start: number): TimedEvent[] {
  const events: TimedEvent[] = [];
  const base = { visitor_id: plan.visitorId, session_id: plan.sessionId };
  plan.pages.forEach((page, index) => {
    const opened = start + page.at * 1000;
    const pageviewId = randomUUID();
    const common = { ...base, url: page.url, title: page.title, referrer: page.referrer };
    events.push({
      at: opened,
      event: { ...common, event_id: pageviewId, type: 'pageview', occurred_at: iso(opened) },
    });
    for (let seconds = HEARTBEAT_SECONDS; seconds < page.dwell; seconds += HEARTBEAT_SECONDS) {
      const at = opened + seconds * 1000;
      events.push({
        at,
        event: {
          ...common,
          event_id: randomUUID(),
          type: 'heartbeat',
          occurred_at: iso(at),
          pageview_id: pageviewId,
          duration_seconds: seconds,
        },
      });
    }
    const last = index === plan.pages.length - 1;
    if (last && plan.form) {
      const at = opened + plan.form.at * 1000;
      events.push({
        at,
        event: {
          ...common,
          event_id: randomUUID(),
          type: 'form',
          occurred_at: iso(at),
          fields: plan.form.fields,
        },
      });
    }
    const left = opened + page.dwell * 1000;
    events.push({
      at: left,
      event: {
        ...common,
        event_id: randomUUID(),
        type: 'pageleave',
        occurred_at: iso(left),
        pageview_id: pageviewId,
        duration_seconds: page.dwell,
      },
    });
  });
  return events.sort((a, b) => a.at - b.at);
}

/**
 * What a quick fill sends at once for the events up to `now`: a page's heartbeats are left out once its pageleave
 * (which carries the larger duration) is among them, since the pipeline keeps the largest duration reported
 * anyway; a page still open keeps only its latest heartbeat, so it shows as being read. Forms and pageviews all stay.
 */
export function compactPast(events: TimedEvent[], now: number): TimedEvent[] {
  const past = events.filter((item) => item.at <= now);
  const left = new Set(
    past.filter((item) => item.event.type === 'pageleave').map((item) => item.event.pageview_id),
  );
  const latestBeat = new Map<string, TimedEvent>();
  for (const item of past) {
    if (item.event.type === 'heartbeat' && !left.has(item.event.pageview_id)) {
      latestBeat.set(item.event.pageview_id!, item);
    }
  }
  return past.filter(
    (item) => item.event.type !== 'heartbeat' || latestBeat.get(item.event.pageview_id!) === item,
  );
}

/** Events in batches the ingress takes (at most 50 each), in order. */
export function batches<T>(items: T[], size = MAX_BATCH): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();
