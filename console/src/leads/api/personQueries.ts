import type {
  ConsentLedgerDto,
  EditDecisionRequest,
  LeadActionRequest,
  PersonDto,
  TimelineEventDto,
} from '@pp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { retryUnlessUnauthorized } from '../../practices/usePractices';
import { useSelectedPracticeId } from '../../practices/selectedPractice';
import { peopleApi } from '../../providers/peopleApi';
import { isAuthError } from '../../providers/http';
import { leadKeys } from './keys';

/**
 * One lead's data and the changes staff make to it (docs/product/leads.md). Person and event
 * queries retry at most twice and never after a 401/403, which signs the user out (docs/product/leads.md#caching).
 * Every change refreshes the person (and its events), the stats and the lists (docs/product/leads.md#refresh).
 */

/** A 401 or 403 sends the user to /login through react-admin's checkError. */
function useSignOutOnAccessDenied(error: Error | null) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (error && isAuthError(error)) void logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
}

/**
 * A lead and its events stay fresh this long: the detail, the side panel and the selection check read the
 * same query instead of each fetching it again. Changes reach them sooner anyway: every change staff make
 * refreshes the lead, and a live lead_updated invalidates it.
 */
export const PERSON_STALE_MS = 30_000;

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** At most two retries, none after 401/403 (sign-out) or 404 (a lead that is not there stays so). */
export const retryPerson = (failureCount: number, error: unknown) =>
  retryUnlessUnauthorized(failureCount, error) && statusOf(error) !== 404;

/** The one query of a lead (GET /people/{id}), shared by every component that shows it. */
export const personQuery = (personId: string) => ({
  queryKey: leadKeys.person(personId),
  queryFn: ({ signal }: { signal: AbortSignal }) => peopleApi.get(personId, signal),
  staleTime: PERSON_STALE_MS,
  retry: retryPerson,
});

export function usePerson(personId: string | null | undefined) {
  const query = useQuery<PersonDto, Error>({
    ...personQuery(personId ?? ''),
    enabled: Boolean(personId),
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

export function useLeadEvents(personId: string | null | undefined) {
  const query = useQuery<TimelineEventDto[], Error>({
    queryKey: leadKeys.events(personId ?? ''),
    queryFn: ({ signal }) => peopleApi.events(personId!, signal),
    enabled: Boolean(personId),
    staleTime: PERSON_STALE_MS,
    retry: retryPerson,
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

/** The lead's consent ledger; refreshed with the lead (its key lives under the person's). */
export function useLeadConsents(personId: string) {
  const query = useQuery<ConsentLedgerDto, Error>({
    queryKey: leadKeys.consents(personId),
    queryFn: ({ signal }) => peopleApi.consents(personId, signal),
    staleTime: PERSON_STALE_MS,
    retry: retryPerson,
  });
  useSignOutOnAccessDenied(query.error);
  return query;
}

/** Refreshes what a change to one lead can alter: the lead and its events, the stage counts, the lists. */
export function useRefreshLead(personId: string, practiceId?: string | null) {
  const queryClient = useQueryClient();
  const selected = useSelectedPracticeId();
  return useCallback(async () => {
    const practice =
      practiceId ?? selected ?? queryClient.getQueryData<PersonDto>(leadKeys.person(personId))?.practice_id;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.person(personId) }),
      ...(practice
        ? [
            queryClient.invalidateQueries({ queryKey: leadKeys.stats(practice) }),
            queryClient.invalidateQueries({ queryKey: leadKeys.lists(practice) }),
          ]
        : []),
    ]);
  }, [queryClient, personId, practiceId, selected]);
}

type PersonChanges = Parameters<typeof peopleApi.update>[1];

/**
 * PATCH /people/{id}; the answer replaces the cached person at once and the save is done: the refresh of
 * the events, stats and lists that follows is not awaited. Awaiting it held the field's 'saved' message
 * back until every refetch had settled, which a stream of live updates (each restarting a refetch) could
 * postpone indefinitely on a busy practice.
 */
export function useUpdatePerson(personId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLead(personId);
  return useMutation({
    mutationFn: (changes: PersonChanges) => peopleApi.update(personId, changes),
    onSuccess: (person) => {
      if (person?.person_id) queryClient.setQueryData(leadKeys.person(personId), person);
      void refresh();
    },
  });
}

/**
 * POST /people/{id}/seen. Only the seen flag changes: it is set in the cached lead, and only the counts and
 * lists are refreshed (the lead and its events are not fetched again for it).
 */
export function useMarkSeen(personId: string) {
  const queryClient = useQueryClient();
  const selected = useSelectedPracticeId();
  return useMutation({
    mutationFn: () => peopleApi.markSeen(personId),
    onSuccess: async () => {
      const person = queryClient.setQueryData<PersonDto>(leadKeys.person(personId), (current) =>
        current ? { ...current, is_unseen: false } : current,
      );
      const practice = selected ?? person?.practice_id;
      if (!practice) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.stats(practice) }, { cancelRefetch: false }),
        queryClient.invalidateQueries({ queryKey: leadKeys.lists(practice) }, { cancelRefetch: false }),
      ]);
    },
  });
}

export function useApproveDecision(personId: string) {
  const refresh = useRefreshLead(personId);
  return useMutation({ mutationFn: () => peopleApi.approveDecision(personId), onSuccess: refresh });
}

export function useEditDecision(personId: string) {
  const refresh = useRefreshLead(personId);
  return useMutation({
    mutationFn: (body: EditDecisionRequest) => peopleApi.editDecision(personId, body),
    onSuccess: refresh,
  });
}

export function useLogAction(personId: string) {
  const refresh = useRefreshLead(personId);
  return useMutation({
    mutationFn: (body: LeadActionRequest) => peopleApi.logAction(personId, body),
    onSuccess: refresh,
  });
}
