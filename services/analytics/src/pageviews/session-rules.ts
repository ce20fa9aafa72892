import type { TrafficSource } from '@pp/contracts';

/** A visitor's session goes on while its pageviews come within this long of its last activity. */
export const SESSION_INACTIVITY_MS = 30 * 60 * 1000;

/** A session as the rules see it (loaded from the database, or started by this batch). */
export interface SessionState {
  session_id: string;
  practice_id: string;
  visitor_id: string;
  client_session_id: string | null;
  source: TrafficSource;
  started_at: Date;
  last_seen_at: Date;
  pageviews: number;
  /** Started by this batch. */
  isNew: boolean;
  /** Changed by this batch. */
  touched: boolean;
}

/** A new pageview as the rules see it. */
export interface ViewForSession {
  event_id: string;
  practice_id: string;
  visitor_id: string;
  client_session_id: string | null;
  started_at: Date;
  /** Its own source (classified by the ingress). */
  source: TrafficSource;
  /** Its referrer is the practice's own site: navigation inside the visit, which keeps the session's source. */
  internal: boolean;
}

export interface SessionAssignment {
  session_id: string;
  /** The pageview's source: the session's when it came from the site itself, else its own. */
  source: TrafficSource;
}

const visitorKey = (practiceId: string, visitorId: string) => `${practiceId.toLowerCase()}\u0000${visitorId}`;

/**
 * Puts each new pageview in a session of its visitor (docs/decisions/0026-pageview-pipeline.md): the session
 * whose activity it comes within 30 minutes of (before its start or after its last activity; the latest such
 * session when several), else a new session whose id is the pageview's event id and whose source is the
 * pageview's. The snippet's session id is recorded but does not split or join sessions, so a missing or
 * changing one changes nothing. Pageviews are taken in time order, whatever order they arrived in. Mutates
 * and returns `sessions` (new ones added), with the assignment of each pageview.
 */
export function assignSessions(
  sessions: SessionState[],
  views: readonly ViewForSession[],
  inactivityMs = SESSION_INACTIVITY_MS,
): { sessions: SessionState[]; assignments: Map<string, SessionAssignment> } {
  const byVisitor = new Map<string, SessionState[]>();
  for (const session of sessions) {
    const key = visitorKey(session.practice_id, session.visitor_id);
    byVisitor.set(key, [...(byVisitor.get(key) ?? []), session]);
  }
  const ordered = [...views].sort(
    (a, b) => a.started_at.getTime() - b.started_at.getTime() || a.event_id.localeCompare(b.event_id),
  );
  const assignments = new Map<string, SessionAssignment>();
  for (const view of ordered) {
    const key = visitorKey(view.practice_id, view.visitor_id);
    const own = byVisitor.get(key) ?? [];
    const at = view.started_at.getTime();
    const session = own
      .filter(
        (candidate) =>
          at >= candidate.started_at.getTime() - inactivityMs &&
          at <= candidate.last_seen_at.getTime() + inactivityMs,
      )
      .sort((a, b) => b.started_at.getTime() - a.started_at.getTime())[0];
    if (!session) {
      const started: SessionState = {
        session_id: view.event_id,
        practice_id: view.practice_id,
        visitor_id: view.visitor_id,
        client_session_id: view.client_session_id,
        source: view.source,
        started_at: view.started_at,
        last_seen_at: view.started_at,
        pageviews: 1,
        isNew: true,
        touched: true,
      };
      own.push(started);
      byVisitor.set(key, own);
      sessions.push(started);
      assignments.set(view.event_id, { session_id: started.session_id, source: started.source });
      continue;
    }
    if (at < session.started_at.getTime()) {
      // An earlier pageview that arrived late: it opened the session, so its source is the session's.
      session.started_at = view.started_at;
      if (!view.internal) session.source = view.source;
    }
    if (at > session.last_seen_at.getTime()) session.last_seen_at = view.started_at;
    session.pageviews += 1;
    session.touched = true;
    assignments.set(view.event_id, {
      session_id: session.session_id,
      source: view.internal ? session.source : view.source,
    });
  }
  return { sessions, assignments };
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (UTC when the zone is unknown). */
export function dayIn(at: Date, timeZone: string | null | undefined): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  if (timeZone) {
    try {
      return format(timeZone);
    } catch {
      // An unknown zone: UTC.
    }
  }
  return format('UTC');
}
