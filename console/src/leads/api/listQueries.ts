import type { LeadListResponse } from '@pp/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { retryUnlessUnauthorized } from '../../practices/usePractices';
import { isAuthError } from '../../providers/http';
import { peopleApi } from '../../providers/peopleApi';
import { leadKeys } from './keys';

/** Cache times of docs/product/leads.md. */
export const STATS_STALE_MS = 30_000;
export const LIST_STALE_MS = 60_000;

/** 401/403 on stats or person queries: sign out to /login (docs/product/leads.md#caching), react-admin's logout. */
function useLogoutOnAccessDenied(error: unknown) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error && isAuthError(error)) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
}

/** `GET /people/stats`: the sidebar's counts. Cached 30 s; at most two retries, none after 401/403. */
export function useLeadStats(practiceId: string | null) {
  const query = useQuery({
    queryKey: leadKeys.stats(practiceId ?? ''),
    queryFn: ({ signal }) => peopleApi.stats(practiceId as string, signal),
    enabled: !!practiceId,
    staleTime: STATS_STALE_MS,
    retry: retryUnlessUnauthorized,
  });
  useLogoutOnAccessDenied(query.error);
  return query;
}

/** Where a page of the list starts: the top, a keyset cursor in either direction, or a deep-linked lead. */
export interface LeadPageParam {
  after?: string;
  before?: string;
  anchorId?: string;
}

/** The key of one list: under leadKeys.list, so invalidating the filter's list refreshes every anchor of it. */
export const leadListKey = (practiceId: string | null, filterId: string, anchorId: string | null) =>
  [...leadKeys.list(practiceId ?? '', filterId), { anchorId: anchorId ?? null }] as const;

/**
 * The lead list of one stage filter as an infinite query that grows both ways: older leads below
 * (next_cursor → after), newer ones above (prev_cursor → before). With an anchor the first page starts at
 * that lead, so a deep link shows it wherever it is in the list. The anchor is part of the key (under the
 * list's prefix), so an anchored list and the list from the top are cached apart and both refresh with
 * leadKeys.lists(practiceId). `enabled` lets the page hold the request until an anchor is known to be valid.
 */
export function useLeadList(
  practiceId: string | null,
  filterId: string,
  anchorId: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: leadListKey(practiceId, filterId, anchorId),
    queryFn: ({ pageParam, signal }): Promise<LeadListResponse> =>
      peopleApi.list({
        practiceId: practiceId as string,
        filterId,
        after: pageParam.after,
        before: pageParam.before,
        anchorId: pageParam.anchorId,
        signal,
      }),
    initialPageParam: (anchorId ? { anchorId } : {}) as LeadPageParam,
    getNextPageParam: (last): LeadPageParam | undefined =>
      last.next_cursor ? { after: last.next_cursor } : undefined,
    getPreviousPageParam: (first): LeadPageParam | undefined =>
      first.prev_cursor ? { before: first.prev_cursor } : undefined,
    enabled: !!practiceId && enabled,
    staleTime: LIST_STALE_MS,
  });
}
