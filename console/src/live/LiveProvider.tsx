import type { LeadBroadcastMessage, PersonDto } from '@pp/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useLogout } from 'react-admin';
import { en } from '../i18n/en';
import { leadKeys } from '../leads/api/keys';
import { throttle } from '../leads/list/throttle';
import { setSelectedPracticeId } from '../practices/selectedPractice';
import { practicesQueryKey, usePractices } from '../practices/usePractices';
import { LOGIN_PATH } from '../providers/authProvider';
import { peopleApi } from '../providers/peopleApi';
import { getAccessToken, setSignInNotice, subscribeStorage } from '../providers/storage';
import { playBeep } from './beep';
import { CatchUp, missedLeads, RecentIds } from './catchUp';
import { LiveSocket, liveUrl, type LiveStatus } from './liveSocket';

/** The browser-wide event a lead_updated broadcast fires (docs/product/live-connection.md). */
export const LEAD_UPDATED_EVENT = 'lead_updated';

/** Broadcasts refresh the caches at most this often (docs/product/leads.md, refresh throttle 500 ms). */
export const LIVE_REFRESH_THROTTLE_MS = 500;

type Listener = (message: LeadBroadcastMessage) => void;
/** The leads created while the connection was down (newest first; none known is an empty list). */
type CatchUpListener = (missed: PersonDto[]) => void;

interface LiveContextValue {
  status: LiveStatus;
  /** Every lead broadcast of the selected practice, after the caches were refreshed. */
  subscribe: (listener: Listener) => () => void;
  /** Every catch-up after a drop, once the connection is back (docs/product/live-connection.md#catching-up). */
  subscribeCatchUp: (listener: CatchUpListener) => () => void;
}

const CLOSED: LiveStatus = { state: 'closed', error: null, attempts: 0 };

const LiveContext = createContext<LiveContextValue>({
  status: CLOSED,
  subscribe: () => () => undefined,
  subscribeCatchUp: () => () => undefined,
});

/**
 * Keeps the selected practice's live connection open while the staff shell is shown, and turns broadcasts
 * into cache refreshes: lead_created refreshes the stats and beeps; lead_updated refreshes the stats and that
 * person (its events are under the same key) and fires the window event `lead_updated`. The list subscribes
 * for its new-leads pill.
 *
 * The socket opens only for a practice the user's practice list confirms (a practice remembered from another
 * user is never tried). Refreshes are gathered and run at most every 500 ms, without cancelling a fetch
 * already under way, so a burst of broadcasts costs one request per resource. A refused token (4001) signs
 * the user out; a refused practice (4003) re-checks the user's practices instead.
 *
 * When the connection is greeted again after a drop it catches up (docs/decisions/0058): it refreshes the
 * stats and every person shown (what the missed broadcasts would have refreshed), asks for the practice's
 * newest leads and tells the catch-up listeners which of them were created since the previous greeting and
 * never heard (the list counts them on its pill). A lead pushed after it was caught up is not told twice.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const practiceId = useVerifiedPracticeId();
  const token = useSyncExternalStore(subscribeStorage, getAccessToken, () => null);
  const queryClient = useQueryClient();
  const logout = useLogout();
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const listeners = useRef(new Set<Listener>());
  const catchUpListeners = useRef(new Set<CatchUpListener>());
  const [status, setStatus] = useState<LiveStatus>(CLOSED);

  useEffect(() => {
    if (!practiceId || !token) return;
    const refresh = createRefresher(queryClient, practiceId);
    let stopped = false;
    /** Lead ids pushed or caught up on this connection's watch; and those caught up (never told twice). */
    const heard = new RecentIds();
    const caughtUp = new RecentIds();
    /** The server's clock at the last greeting: from it on, every lead event reached this client. */
    let greetedAt: string | null = null;
    const onMessage = (message: LeadBroadcastMessage) => {
      const created = message.type === 'lead_created';
      refresh.add(created ? null : (message.person_id ?? null));
      if (created && message.person_id) {
        heard.add(message.person_id);
        if (caughtUp.has(message.person_id)) return; // already counted by the catch-up
      }
      if (created) playBeep();
      if (message.type === 'lead_updated')
        window.dispatchEvent(new CustomEvent(LEAD_UPDATED_EVENT, { detail: message }));
      listeners.current.forEach((listener) => listener(message));
    };
    const client = new LiveSocket({
      url: liveUrl(practiceId, token, window.location),
      onStatus: setStatus,
      onMessage,
      onWelcome: ({ serverTime, reopened }) => {
        const since = greetedAt;
        greetedAt = serverTime ?? greetedAt;
        if (reopened) void catchUp(since);
      },
      onUnauthorized: () => {
        setSignInNotice(en.pp.auth.unauthorized);
        void logoutRef.current(undefined, LOGIN_PATH, false);
      },
      onForbidden: () => {
        // Not the user's practice (any more): forget it and ask again which practices are theirs.
        setSelectedPracticeId(null);
        void queryClient.invalidateQueries({ queryKey: practicesQueryKey });
      },
    });
    const catchUp = async (since: string | null) => {
      refresh.all();
      let newest: PersonDto[] = [];
      try {
        newest = (await peopleApi.list({ practiceId, filterId: 'all', limit: CatchUp.limit })).items;
      } catch {
        // The stats and the list at the top are refreshed all the same; the pill learns of them at its next count.
      }
      if (stopped) return;
      const missed = missedLeads(newest, since, heard);
      for (const lead of missed) {
        heard.add(lead.person_id);
        caughtUp.add(lead.person_id);
      }
      if (missed.length) playBeep();
      catchUpListeners.current.forEach((listener) => listener(missed));
    };
    client.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') client.onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stopped = true;
      refresh.cancel();
      client.stop();
    };
  }, [practiceId, token, queryClient]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const subscribeCatchUp = useCallback((listener: CatchUpListener) => {
    catchUpListeners.current.add(listener);
    return () => void catchUpListeners.current.delete(listener);
  }, []);

  return (
    <LiveContext.Provider value={{ status, subscribe, subscribeCatchUp }}>{children}</LiveContext.Provider>
  );
}

export const useLiveStatus = () => useContext(LiveContext).status;

/** The stored practice once the user's practice list confirms it is theirs; null until then. */
function useVerifiedPracticeId(): string | null {
  const { selected } = usePractices();
  return selected?.practice_id ?? null;
}

/**
 * Gathers what broadcasts ask to refresh (the practice's stats; the people that changed) and refreshes it
 * at most every LIVE_REFRESH_THROTTLE_MS, the first at once and the last of a burst at the end. A fetch
 * already under way is kept (cancelRefetch false), never restarted: restarting on every broadcast would keep
 * anyone awaiting that fetch (a save refreshing its lead) waiting as long as broadcasts keep coming.
 */
export function createRefresher(queryClient: QueryClient, practiceId: string) {
  let stats = false;
  let everyone = false;
  const people = new Set<string>();
  const flush = throttle(() => {
    const keys: (readonly unknown[])[] = [
      ...(stats ? [leadKeys.stats(practiceId)] : []),
      ...(everyone ? [leadKeys.people] : [...people].map((personId) => leadKeys.person(personId))),
    ];
    stats = false;
    everyone = false;
    people.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, LIVE_REFRESH_THROTTLE_MS);
  return {
    /** The stats always; the person too when given. */
    add(personId: string | null) {
      stats = true;
      if (personId) people.add(personId);
      flush();
    },
    /** The stats and every person (after a drop: which of them changed is not known). */
    all() {
      stats = true;
      everyone = true;
      flush();
    },
    cancel: flush.cancel,
  };
}

/** Calls `listener` for each lead broadcast; the latest listener is used without resubscribing. */
export function useLeadBroadcasts(listener: Listener) {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((message) => latest.current(message)), [subscribe]);
}

/** Calls `listener` each time the connection caught up after a drop, with the leads it missed. */
export function useLiveCatchUp(listener: CatchUpListener) {
  const { subscribeCatchUp } = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeCatchUp((missed) => latest.current(missed)), [subscribeCatchUp]);
}
