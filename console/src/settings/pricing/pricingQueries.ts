import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetList, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { detailOf, isAuthError } from '../../providers/http';
import { FIVE_MINUTES } from '../../practices/usePractices';
import { pricingApi } from './pricingApi';
import type { LocationOption } from './types';

/**
 * The pricing page's server state (docs/product/settings.md#procedure-calls). After a save the affected lists
 * are refetched (#after-an-answer).
 */

export const pricingKeys = {
  all: (practiceId: string) => ['pricing', practiceId] as const,
  summary: (practiceId: string) => ['pricing', practiceId, 'summary'] as const,
  search: (practiceId: string, q: string) => ['pricing', practiceId, 'search', q] as const,
  history: (practiceId: string, procedureId: string) =>
    ['pricing', practiceId, 'history', procedureId] as const,
  fees: (practiceId: string) => ['pricing', practiceId, 'consultation-fees'] as const,
  promotions: (practiceId: string) => ['pricing', practiceId, 'promotions'] as const,
};

/** The procedure search waits this long after the last keystroke (docs/product/settings.md#constants). */
export const SEARCH_DEBOUNCE_MS = 200;

function useSignOutOnAccessDenied(error: unknown) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error && isAuthError(error)) void logoutIfAccessDenied(error as Error);
  }, [error, logoutIfAccessDenied]);
}

export function usePracticeLocations(practiceId: string) {
  const { data, isPending } = useGetList<LocationOption & { id: string }>(
    'locations',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
      meta: { practiceId },
    },
    { staleTime: FIVE_MINUTES, enabled: Boolean(practiceId) },
  );
  return { locations: (data ?? []) as LocationOption[], locationsPending: isPending };
}

export function useProcedureSummary(practiceId: string) {
  const query = useQuery({
    queryKey: pricingKeys.summary(practiceId),
    queryFn: ({ signal }) => pricingApi.summary(practiceId, signal),
    enabled: Boolean(practiceId),
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

export function useConsultationFees(practiceId: string) {
  const query = useQuery({
    queryKey: pricingKeys.fees(practiceId),
    queryFn: ({ signal }) => pricingApi.consultationFees(practiceId, signal),
    enabled: Boolean(practiceId),
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

/** Every promotion of the practice: the status filter and the pricing table's tooltips are applied here. */
export function usePromotions(practiceId: string) {
  const query = useQuery({
    queryKey: pricingKeys.promotions(practiceId),
    queryFn: ({ signal }) => pricingApi.promotions(practiceId, signal),
    enabled: Boolean(practiceId),
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

export function usePricingHistory(practiceId: string, procedureId: string) {
  const query = useQuery({
    queryKey: pricingKeys.history(practiceId, procedureId),
    queryFn: ({ signal }) => pricingApi.history(practiceId, procedureId, null, signal),
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The procedure search, 200 ms after the last keystroke; a failure is an empty list. */
export function useProcedureSearch(practiceId: string, text: string, enabled: boolean) {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: pricingKeys.search(practiceId, q),
    queryFn: ({ signal }) => pricingApi.search(practiceId, q, signal),
    enabled: enabled && Boolean(practiceId),
    staleTime: 30_000,
  });
  return { results: query.data ?? [], searching: query.isFetching || q !== text.trim() };
}

/**
 * A change the page makes: on success the affected lists are refetched; a failure is logged (without the
 * practice's data: the action and the status only) and shown as a short error notice (the API's own message
 * when it refused the input), and a 401/403 signs out.
 * The product only logs these failures (docs/product/settings.md#errors); we also tell the user, so a save
 * never fails silently.
 */
export function usePricingMutation<TVariables, TResult = unknown>({
  action,
  mutationFn,
  refresh,
  failureMessage,
  onSuccess,
}: {
  action: string;
  mutationFn: (variables: TVariables) => Promise<TResult>;
  refresh: QueryKey[];
  failureMessage: string;
  onSuccess?: (result: TResult, variables: TVariables) => void;
}) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      onSuccess?.(result, variables);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (isAuthError(error)) {
        void logoutIfAccessDenied(error);
        return;
      }
      const status = (error as { status?: number }).status ?? null;
      console.error(`Pricing settings: ${action} failed`, { status });
      // A refusal of the input (422, 409) says what to fix (ProcedureApiMessages); anything else, our notice.
      const detail =
        status === 422 || status === 409 ? detailOf((error as { body?: unknown }).body) : undefined;
      notify(detail ?? failureMessage, { type: 'error' });
    },
  });
}
