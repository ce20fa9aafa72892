import type { LeadPageviewV1 } from '@pp/contracts';

/**
 * How a lead's website pageview (analytics.lead-pageviews) becomes a `pageview` timeline event, and what it does
 * to the lead (docs/decisions/0031-web-sessions-on-the-timeline.md). Pure.
 */

/** The timeline event type of a page the lead viewed (the console groups it with forms by session id). */
export const PAGEVIEW_EVENT = 'pageview';

/** event_metadata.source of a pageview event. */
export const WEBSITE_SOURCE = 'website';

/** Timeline events that say the lead was on the website in a session. */
export const WEB_SESSION_TYPES = ['pageview', 'website_visit', 'form_submission'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most a day on one page, as the tracking ingress accepts. */
const MAX_DURATION_SECONDS = 86_400;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function isoTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** A lead pageview as people applies it: the message's fields, its time read. */
export type ReadLeadPageview = Pick<
  LeadPageviewV1,
  | 'event_id'
  | 'practice_id'
  | 'person_id'
  | 'pageview_id'
  | 'visitor_id'
  | 'session_id'
  | 'url'
  | 'title'
  | 'referrer'
  | 'duration_seconds'
> & { v: 1; viewed_at: Date };

/** An analytics.lead-pageviews message read, or null when it is not one (skipped). Ids are lower-cased. */
export function readLeadPageview(value: unknown): ReadLeadPageview | null {
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Partial<Record<keyof LeadPageviewV1, unknown>>;
  const ids = [event.event_id, event.practice_id, event.person_id, event.pageview_id];
  if (event.v !== 1 || event.type !== 'lead_pageview') return null;
  if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) return null;
  const visitor = text(event.visitor_id);
  const session = text(event.session_id);
  const url = text(event.url);
  const viewedAt = isoTime(event.viewed_at);
  if (!visitor || !session || !url || !viewedAt) return null;
  const duration =
    typeof event.duration_seconds === 'number' && Number.isFinite(event.duration_seconds)
      ? Math.min(MAX_DURATION_SECONDS, Math.max(0, Math.round(event.duration_seconds)))
      : null;
  return {
    event_id: (event.event_id as string).toLowerCase(),
    v: 1,
    practice_id: (event.practice_id as string).toLowerCase(),
    person_id: (event.person_id as string).toLowerCase(),
    pageview_id: (event.pageview_id as string).toLowerCase(),
    visitor_id: visitor,
    session_id: session,
    url,
    title: text(event.title),
    referrer: text(event.referrer),
    viewed_at: viewedAt,
    duration_seconds: duration,
  };
}

/**
 * The newest message of each pageview of a batch, in the batch's order: an update replaces an earlier message of
 * the same pageview, keeping the longest duration seen.
 */
export function latestPerPageview(views: readonly ReadLeadPageview[]): ReadLeadPageview[] {
  const byId = new Map<string, ReadLeadPageview>();
  for (const view of views) {
    const seen = byId.get(view.pageview_id);
    const duration =
      seen?.duration_seconds == null
        ? view.duration_seconds
        : Math.max(seen.duration_seconds, view.duration_seconds ?? 0);
    byId.delete(view.pageview_id);
    byId.set(view.pageview_id, { ...view, duration_seconds: duration });
  }
  return [...byId.values()];
}

/** The timeline event of a pageview: session_id the website script's, content_data what the timeline shows. */
export interface PageviewTimelineRow {
  practice_id: string;
  person_id: string;
  timestamp: string;
  session_id: string;
  source_identifier: string;
  content_data: {
    url: string;
    title: string | null;
    referrer: string | null;
    duration_seconds: number | null;
  };
  event_metadata: { source: string; visitor_id: string };
}

export function pageviewTimelineRow(view: ReadLeadPageview): PageviewTimelineRow {
  return {
    practice_id: view.practice_id,
    person_id: view.person_id,
    timestamp: view.viewed_at.toISOString(),
    session_id: view.session_id,
    source_identifier: view.pageview_id,
    content_data: {
      url: view.url,
      title: view.title,
      referrer: view.referrer,
      duration_seconds: view.duration_seconds,
    },
    event_metadata: { source: WEBSITE_SOURCE, visitor_id: view.visitor_id },
  };
}

/**
 * Whether a pageview new on the lead's timeline lights the unseen dot: only a return visit, i.e. the first page
 * of a session the timeline did not have (no page or form of it yet) viewed after the lead existed. The pages
 * the visitor saw before their form, the pages after it in the same session, more pages of a session already
 * shown and duration updates are quiet: they are history, not news.
 */
export function isReturnVisit(input: {
  viewedAt: Date;
  leadCreatedAt: Date;
  sessionAlreadyOnTimeline: boolean;
}): boolean {
  return !input.sessionAlreadyOnTimeline && input.viewedAt.getTime() > input.leadCreatedAt.getTime();
}
