import type { LeadBroadcastMessage } from '@pp/contracts';
import { useQueryClient } from '@tanstack/react-query';
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
import { useNavigate } from 'react-router-dom';
import { leadKeys } from '../leads/api/keys';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { getAccessToken, setAccessToken, subscribeStorage } from '../providers/storage';
import { playBeep } from './beep';
import { LiveSocket, liveUrl, type LiveStatus } from './liveSocket';

/** The browser-wide event a lead_updated broadcast fires (docs/product/live-connection.md#broadcasts). */
export const LEAD_UPDATED_EVENT = 'lead_updated';

type Listener = (message: LeadBroadcastMessage) => void;

interface LiveContextValue {
  status: LiveStatus;
  /** Every lead broadcast of the selected practice, after the caches were refreshed. */
  subscribe: (listener: Listener) => () => void;
}

const CLOSED: LiveStatus = { state: 'closed', error: null, attempts: 0 };

const LiveContext = createContext<LiveContextValue>({ status: CLOSED, subscribe: () => () => undefined });

/**
 * Keeps the selected practice's live connection open while the staff shell is shown, and turns broadcasts
 * into cache refreshes: lead_created refreshes the stats and beeps; lead_updated refreshes the stats and that
 * person (its events are under the same key) and fires the window event `lead_updated`. The list subscribes
 * for its new-leads pill. A refused token (4001/4003) signs the user out.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const practiceId = useSelectedPracticeId();
  const token = useSyncExternalStore(subscribeStorage, getAccessToken, () => null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const listeners = useRef(new Set<Listener>());
  const [status, setStatus] = useState<LiveStatus>(CLOSED);

  useEffect(() => {
    if (!practiceId || !token) return;
    const onMessage = (message: LeadBroadcastMessage) => {
      void queryClient.invalidateQueries({ queryKey: leadKeys.stats(practiceId) });
      if (message.type === 'lead_created') playBeep();
      else if (message.person_id)
        void queryClient.invalidateQueries({ queryKey: leadKeys.person(message.person_id) });
      if (message.type === 'lead_updated')
        window.dispatchEvent(new CustomEvent(LEAD_UPDATED_EVENT, { detail: message }));
      listeners.current.forEach((listener) => listener(message));
    };
    const client = new LiveSocket({
      url: liveUrl(practiceId, token, window.location),
      onStatus: setStatus,
      onMessage,
      onUnauthorized: () => {
        setAccessToken(null);
        navigateRef.current('/login');
      },
    });
    client.start();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') client.onVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      client.stop();
    };
  }, [practiceId, token, queryClient]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  return <LiveContext.Provider value={{ status, subscribe }}>{children}</LiveContext.Provider>;
}

export const useLiveStatus = () => useContext(LiveContext).status;

/** Calls `listener` for each lead broadcast; the latest listener is used without resubscribing. */
export function useLeadBroadcasts(listener: Listener) {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((message) => latest.current(message)), [subscribe]);
}
