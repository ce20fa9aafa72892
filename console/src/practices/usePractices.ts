import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PracticePilotDataProvider } from '../providers/dataProvider';
import { isAuthError } from '../providers/http';
import { getAccessToken } from '../providers/storage';
import { resolveSelectedPractice, setSelectedPracticeId, useSelectedPracticeId } from './selectedPractice';

/** Practices, locations and the current user are cached for 5 minutes (docs/product/shell.md). */
export const FIVE_MINUTES = 5 * 60_000;

export const practicesQueryKey = ['practices', 'mine'] as const;

/**
 * Query keys that hold person data start with one of these. Switching practice drops them, so nothing of the
 * previous practice's leads is shown under the new one.
 */
export const PERSON_QUERY_ROOTS = ['people', 'person', 'leads'];

export function clearPersonCache(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => PERSON_QUERY_ROOTS.includes(String(query.queryKey[0])),
  });
}

/** Retries a failed load up to 2 times, never after a 401 or 403 (docs/product/settings.md). */
export const retryUnlessUnauthorized = (failureCount: number, error: unknown) =>
  !isAuthError(error) && failureCount < 2;

/**
 * The user's practices and the selected one. A stored id that is not among them is replaced by the first
 * practice, and stored.
 */
export function usePractices() {
  const dataProvider = useDataProvider<PracticePilotDataProvider>();
  const storedId = useSelectedPracticeId();
  const query = useQuery({
    queryKey: practicesQueryKey,
    queryFn: () => dataProvider.getMyPractices(),
    staleTime: FIVE_MINUTES,
    retry: retryUnlessUnauthorized,
  });
  const practices = query.data ?? [];
  const selected = query.data ? resolveSelectedPractice(storedId, practices) : null;

  useEffect(() => {
    // Signed out (the token is gone): the logout forgot the practice; the practices still cached until the
    // shell unmounts must not write it back.
    if (!getAccessToken()) return;
    if (query.data && (selected?.practice_id ?? null) !== storedId)
      setSelectedPracticeId(selected?.practice_id ?? null);
  }, [query.data, selected, storedId]);

  return { practices, selected, isPending: query.isPending, error: query.error, refetch: query.refetch };
}

/** Choosing a practice stores it, drops person data and goes to /leads (docs/product/shell.md#practice-switcher). */
export function useSwitchPractice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (practiceId: string) => {
    setSelectedPracticeId(practiceId);
    clearPersonCache(queryClient);
    navigate('/leads');
  };
}
