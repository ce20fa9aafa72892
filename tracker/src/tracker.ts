import { clip, ScriptEvent, ScriptEventType, TRACKING_LIMITS } from './events';
import { captureForm, scrubUrl } from './forms';
import { newId } from './ids';
import { sessionId, visitorId } from './identity';
import { Beacon, EventQueue, Send } from './queue';
import { browserStore, KeyValueStore } from './storage';

/** While the page is visible, a heartbeat this often carries the time on page so far. */
export const HEARTBEAT_MS = 15_000;

export interface TrackerOptions {
  siteKey: string;
  /** The ingress, `{origin of the script}/api/v1/tracking/events`. */
  endpoint: string;
  /** `data-respect-dnt="true"` on the tag: a browser asking not to be tracked sends nothing at all. */
  respectDnt: boolean;
  win: Window;
  store?: KeyValueStore;
  send?: Send;
  beacon?: Beacon;
  now?: () => number;
}

export interface Tracker {
  queue: EventQueue;
  /** The pageview now being timed. */
  pageviewId(): string;
  /** Records a pageview of the current location now (what navigation does; exposed for tests). */
  pageview(): void;
  stop(): void;
}

/** Do Not Track (navigator.doNotTrack, the old window/IE variants) or Global Privacy Control is on. */
export function doNotTrack(win: Window): boolean {
  const nav = win.navigator as Navigator & { msDoNotTrack?: string; globalPrivacyControl?: boolean };
  const flag = nav.doNotTrack ?? (win as Window & { doNotTrack?: string }).doNotTrack ?? nav.msDoNotTrack;
  return flag === '1' || flag === 'yes' || nav.globalPrivacyControl === true;
}

/**
 * Bodies go as text/plain (JSON inside): a CORS "simple" request, so no preflight, and the same shape sendBeacon
 * sends. The gateway reads text/plain as JSON on the ingress path.
 */
const CONTENT_TYPE = 'text/plain;charset=UTF-8';

function fetchSend(win: Window, endpoint: string): Send {
  return async (body) => {
    const response = await win.fetch(endpoint, {
      method: 'POST',
      body,
      headers: { 'Content-Type': CONTENT_TYPE },
      credentials: 'omit',
      mode: 'cors',
      keepalive: true,
    });
    const retryAfter = Number(response.headers.get('Retry-After'));
    return { status: response.status, retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null };
  };
}

function browserBeacon(win: Window, endpoint: string): Beacon {
  return (body) => {
    try {
      if (typeof win.navigator.sendBeacon === 'function' && win.navigator.sendBeacon(endpoint, body))
        return true;
    } catch {
      // Some browsers throw on a beacon they cannot queue: fall back to fetch.
    }
    try {
      void win
        .fetch(endpoint, {
          method: 'POST',
          body,
          headers: { 'Content-Type': CONTENT_TYPE },
          credentials: 'omit',
          mode: 'cors',
          keepalive: true,
        })
        .catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };
}

/** The page's address without its fragment: an in-page anchor is not a new page. */
const pageAddress = (win: Window) => win.location.href.split('#')[0];

export function startTracker(options: TrackerOptions): Tracker | null {
  const { win, siteKey, endpoint } = options;
  if (options.respectDnt && doNotTrack(win)) return null;
  const doc = win.document;
  const now = options.now ?? (() => Date.now());
  const store = options.store ?? browserStore(win);
  const queue = new EventQueue({
    store,
    siteKey,
    send: options.send ?? fetchSend(win, endpoint),
    beacon: options.beacon ?? browserBeacon(win, endpoint),
    setTimer: (run, ms) => win.setTimeout(run, ms),
    clearTimer: (timer) => win.clearTimeout(timer as number),
  });
  const visitor = visitorId(store, doc);

  const event = (type: ScriptEventType, extra: Partial<ScriptEvent> = {}): ScriptEvent => {
    const at = now();
    return {
      event_id: newId(),
      type,
      visitor_id: visitor,
      session_id: sessionId(store, at),
      url: clip(scrubUrl(win.location.href), TRACKING_LIMITS.maxUrlLength),
      title: doc.title ? clip(doc.title, TRACKING_LIMITS.maxTitleLength) : null,
      referrer: null,
      occurred_at: new Date(at).toISOString(),
      ...extra,
    };
  };

  // The pageview being timed: visible time is summed across hide/show.
  let current = { id: '', address: '', visibleMs: 0, visibleSince: null as number | null, left: false };
  const visible = () => doc.visibilityState !== 'hidden';
  const seconds = () =>
    Math.floor(
      (current.visibleMs + (current.visibleSince === null ? 0 : now() - current.visibleSince)) / 1000,
    );
  const timing = (type: 'heartbeat' | 'pageleave') =>
    event(type, { pageview_id: current.id, duration_seconds: seconds() });

  const pageview = (referrer: string | null) => {
    const view = event('pageview', {
      referrer: referrer ? clip(scrubUrl(referrer), TRACKING_LIMITS.maxUrlLength) : null,
    });
    current = {
      id: view.event_id,
      address: pageAddress(win),
      visibleMs: 0,
      visibleSince: visible() ? now() : null,
      left: false,
    };
    queue.enqueue(view);
  };
  const leave = () => {
    if (current.left || !current.id) return;
    current.left = true;
    queue.enqueue(timing('pageleave'));
  };

  /** SPA navigation: the address changed without a page load. */
  const navigated = () => {
    const address = pageAddress(win);
    if (address === current.address) return;
    const previous = current.address;
    leave();
    pageview(previous);
  };

  const cleanups: Array<() => void> = [];
  const listen = (target: EventTarget, type: string, handler: (e: Event) => void, capture = false) => {
    target.addEventListener(type, handler, capture);
    cleanups.push(() => target.removeEventListener(type, handler, capture));
  };

  // history.pushState / replaceState do not fire any event: wrap them.
  const history = win.history;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    const wrapped = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      navigated();
      return result;
    };
    history[method] = wrapped;
    cleanups.push(() => {
      if (history[method] === wrapped) history[method] = original;
    });
  }
  listen(win, 'popstate', navigated);

  listen(doc, 'visibilitychange', () => {
    if (visible()) {
      if (current.visibleSince === null) current.visibleSince = now();
      queue.retryNow();
      return;
    }
    if (current.visibleSince !== null) {
      current.visibleMs += now() - current.visibleSince;
      current.visibleSince = null;
    }
    if (!current.left) queue.enqueue(timing('heartbeat'));
    queue.beaconAll();
  });
  listen(win, 'pagehide', () => {
    leave();
    queue.beaconAll();
  });
  listen(win, 'pageshow', (e) => {
    // Back/forward cache restore: the page is shown again without loading, a new pageview.
    if ((e as PageTransitionEvent).persisted) pageview(doc.referrer || null);
  });
  listen(win, 'online', () => queue.retryNow());
  listen(
    doc,
    'submit',
    (e) => {
      const form = e.target as HTMLFormElement | null;
      if (!form || form.tagName !== 'FORM' || form.hasAttribute('data-pp-ignore')) return;
      const fields = captureForm(form);
      if (Object.keys(fields).length === 0) return;
      queue.enqueue(event('form', { referrer: doc.referrer ? scrubUrl(doc.referrer) : null, fields }));
    },
    true,
  );

  const heartbeat = win.setInterval(() => {
    if (visible() && !current.left) queue.enqueue(timing('heartbeat'));
  }, HEARTBEAT_MS);
  cleanups.push(() => win.clearInterval(heartbeat));

  pageview(doc.referrer || null);

  return {
    queue,
    pageviewId: () => current.id,
    pageview: () => pageview(doc.referrer || null),
    stop: () => cleanups.splice(0).forEach((cleanup) => cleanup()),
  };
}
