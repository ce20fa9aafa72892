import { newId } from './ids';
import { KeyValueStore, readCookie, writeCookie } from './storage';

export const VISITOR_KEY = 'pp_vid';
export const SESSION_KEY = 'pp_session';
/** A session ends after this long without an event (the usual web analytics convention). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The visitor cookie's lifetime (browsers cap first-party cookies at about 400 days). */
const VISITOR_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/**
 * The first-party visitor id: localStorage on the practice's own site, mirrored in a cookie of that site, so
 * either survives the other being cleared. Never shared across sites (no third-party cookie).
 */
export function visitorId(store: KeyValueStore, doc: Document): string {
  const known = store.get(VISITOR_KEY) || readCookie(doc, VISITOR_KEY);
  const id = known && known.length <= 200 ? known : newId();
  store.set(VISITOR_KEY, id);
  writeCookie(doc, VISITOR_KEY, id, VISITOR_COOKIE_SECONDS);
  return id;
}

interface StoredSession {
  id: string;
  /** Epoch milliseconds of the last event of the session. */
  last: number;
}

/**
 * The session id for an event happening now: the stored one while its last event is under 30 minutes old
 * (every tab of the site shares it), else a new one. Every call counts as activity.
 */
export function sessionId(store: KeyValueStore, now: number): string {
  let current: StoredSession | null = null;
  try {
    const parsed = JSON.parse(store.get(SESSION_KEY) ?? 'null') as StoredSession | null;
    if (parsed && typeof parsed.id === 'string' && typeof parsed.last === 'number') current = parsed;
  } catch {
    current = null;
  }
  const alive = current && now - current.last < SESSION_IDLE_MS && now >= current.last - SESSION_IDLE_MS;
  const id = alive && current ? current.id : newId();
  store.set(SESSION_KEY, JSON.stringify({ id, last: now }));
  return id;
}
