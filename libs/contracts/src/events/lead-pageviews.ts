import { EventEnvelope } from './envelope';

/**
 * A page a lead viewed on the practice's website, on `analytics.lead-pageviews` (keyed by practice id), from
 * analytics' outbox: each of the visitor's earlier pageviews when a form links the visitor to the lead, each later
 * one as it is kept, and again whenever its duration grows (a heartbeat or pageleave). Every message is the whole
 * pageview as analytics knows it then, so applying one twice, or an older one after a newer one, changes nothing
 * (people keeps the longest duration). people puts it on the lead's timeline as a `pageview` event
 * (docs/decisions/0031-web-sessions-on-the-timeline.md).
 */
export interface LeadPageviewV1 extends EventEnvelope<'lead_pageview'> {
  /** The lead (people's person) the visitor is linked to, of this practice. */
  person_id: string;
  /** analytics' id of the pageview (its envelope event id): one timeline event per pageview. */
  pageview_id: string;
  visitor_id: string;
  /** The website script's session id (as on the lead's form_submission), else analytics' own session id. */
  session_id: string;
  url: string;
  title: string | null;
  referrer: string | null;
  /** ISO 8601: when the page was viewed. */
  viewed_at: string;
  /** Seconds on the page so far; null until a heartbeat or pageleave. Never decreases. */
  duration_seconds: number | null;
  /** ISO 8601: when the visitor left the page (a pageleave), else null. */
  left_at: string | null;
}
