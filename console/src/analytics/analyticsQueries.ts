import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { isAuthError } from '../providers/http';
import { analyticsApi } from './analyticsApi';
import { ANALYTICS } from './constants';
import type { DayRange } from './dateRange';

export const analyticsKeys = {
  all: ['analytics'] as const,
  metrics: (practiceId: string, start: string, end: string) =>
    [...analyticsKeys.all, 'metrics', practiceId, start, end] as const,
  events: (practiceId: string) => [...analyticsKeys.all, 'realtime', 'events', practiceId] as const,
  pageviews: (practiceId: string) => [...analyticsKeys.all, 'realtime', 'pageviews', practiceId] as const,
};

/** A 401/403 signs out through react-admin (which removes the stored token and goes to /login). */
function useSignOutOnAuthError(error: unknown) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error && isAuthError(error)) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
}

/** The Overview's metrics: only with a practice and both dates; cached 60 s, no refetch on window focus. */
export function useMetrics(practiceId: string | null, range: DayRange | null) {
  const query = useQuery({
    queryKey: analyticsKeys.metrics(practiceId ?? '', range?.start ?? '', range?.end ?? ''),
    queryFn: ({ signal }) =>
      analyticsApi.metrics(practiceId as string, (range as DayRange).start, (range as DayRange).end, signal),
    enabled: Boolean(practiceId && range?.start && range?.end),
    staleTime: ANALYTICS.metricsCacheMs,
    gcTime: ANALYTICS.metricsCacheMs,
    refetchOnWindowFocus: false,
  });
  useSignOutOnAuthError(query.error);
  return query;
}

/** The recent lead events, loaded once per practice (the live connection brings the rest). */
export function useRealtimeEvents(practiceId: string | null) {
  const query = useQuery({
    queryKey: analyticsKeys.events(practiceId ?? ''),
    queryFn: ({ signal }) => analyticsApi.events(practiceId as string, signal),
    enabled: Boolean(practiceId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useSignOutOnAuthError(query.error);
  return query;
}

/** The last 30 minutes of pageviews, refetched every 15 s. */
export function usePageviews(practiceId: string | null) {
  const query = useQuery({
    queryKey: analyticsKeys.pageviews(practiceId ?? ''),
    queryFn: ({ signal }) =>
      analyticsApi.pageviews(practiceId as string, ANALYTICS.pageviewWindowSeconds, signal),
    enabled: Boolean(practiceId),
    refetchInterval: ANALYTICS.pageviewRefetchMs,
    placeholderData: (previous) => previous,
  });
  useSignOutOnAuthError(query.error);
  return query;
}
