import { useCallback, useEffect, useRef, useState } from 'react';
import { useSignOutOnAccessDenied } from '../practice/api';
import { calendarApi } from './api';
import { CONNECTION_TEST_RESET_MS } from './types';

export type ConnectionTestState = 'idle' | 'testing' | 'success' | 'error';

/**
 * An integration's connection test (docs/product/settings.md#calendar-integrations): idle, testing, then
 * success ('Connected') or error ('Failed'), back to idle after 2 seconds. Success sets the last-sync time
 * locally (`syncedAt`).
 */
export function useConnectionTest(integrationId: string) {
  const [state, setState] = useState<ConnectionTestState>('idle');
  const [syncedAt, setSyncedAt] = useState<Date | null>(null);
  const signOut = useSignOutOnAccessDenied();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (state !== 'success' && state !== 'error') return;
    const timer = setTimeout(() => setState('idle'), CONNECTION_TEST_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const run = useCallback(async () => {
    setState('testing');
    let outcome: ConnectionTestState;
    try {
      const health = await calendarApi.health(integrationId);
      outcome = health?.status === 'connected' ? 'success' : 'error';
    } catch (error) {
      console.error('Connection test failed', error instanceof Error ? error.message : error);
      signOut(error);
      outcome = 'error';
    }
    if (!mounted.current) return;
    if (outcome === 'success') setSyncedAt(new Date());
    setState(outcome);
  }, [integrationId, signOut]);

  return { state, run, syncedAt };
}
