import type { LocationSnapshot, PracticeSnapshot } from '@pp/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { FIVE_MINUTES, practicesQueryKey } from '../../practices/usePractices';
import { API_URL, httpClient, isAuthError } from '../../providers/http';
import { NEW_LOCATION } from './constants';

/**
 * The practice and location calls of the settings page (docs/product/settings.md#practice-and-location-calls).
 * After every save the affected list is refetched; a failed primary change refetches the locations.
 */

export type Practice = PracticeSnapshot;
export type Location = LocationSnapshot;
export type LocationChanges = Partial<
  Pick<Location, 'name' | 'phone' | 'timezone' | 'address' | 'is_primary' | 'business_hours'>
>;

export const settingsKeys = {
  practice: (practiceId: string) => ['settings', 'practice', practiceId] as const,
  locations: (practiceId: string) => ['settings', 'locations', practiceId] as const,
};

const practicePath = (practiceId: string) => `${API_URL}/practices/${encodeURIComponent(practiceId)}`;
const locationsPath = (practiceId: string) => `${practicePath(practiceId)}/locations/`;
const locationPath = (practiceId: string, locationId: string) =>
  `${practicePath(practiceId)}/locations/${encodeURIComponent(locationId)}`;

/** A 401 or 403 sends the user to /login (react-admin's checkError); other failures are the caller's. */
export function useSignOutOnAccessDenied() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    (error: unknown) => {
      if (isAuthError(error)) void logoutIfAccessDenied(error as Error);
    },
    [logoutIfAccessDenied],
  );
}

function useQuerySignOut(error: unknown) {
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (error) signOut(error);
  }, [error, signOut]);
}

export function usePractice(practiceId: string) {
  const query = useQuery({
    queryKey: settingsKeys.practice(practiceId),
    queryFn: async () => (await httpClient<Practice>(practicePath(practiceId))).json,
    staleTime: FIVE_MINUTES,
  });
  useQuerySignOut(query.error);
  return query;
}

export function useLocations(practiceId: string) {
  const query = useQuery({
    queryKey: settingsKeys.locations(practiceId),
    queryFn: async () => (await httpClient<Location[]>(locationsPath(practiceId))).json,
    staleTime: FIVE_MINUTES,
  });
  useQuerySignOut(query.error);
  return query;
}

/** The locations changed: this page's list and every other cache of them (react-admin's 'locations'). */
function refreshLocations(queryClient: QueryClient, practiceId: string) {
  void queryClient.invalidateQueries({ queryKey: settingsKeys.locations(practiceId) });
  void queryClient.invalidateQueries({ queryKey: ['locations'] });
}

/** A failure is only logged (docs/product/settings.md#errors); the field shows its own failed state. */
function logFailure(what: string, error: unknown) {
  console.error(`Failed to ${what}`, error instanceof Error ? error.message : error);
}

export function useUpdatePractice(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async (changes: Partial<Pick<Practice, 'name' | 'website_url' | 'outreach_preferences'>>) =>
      (await httpClient<Practice>(practicePath(practiceId), { method: 'PATCH', body: changes })).json,
    onSuccess: (practice) => {
      queryClient.setQueryData(settingsKeys.practice(practiceId), practice);
      // The name shows in the practice switcher.
      void queryClient.invalidateQueries({ queryKey: practicesQueryKey });
    },
    onError: (error) => {
      signOut(error);
      logFailure('save practice', error);
    },
  });
}

export function useUpdateLocation(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async ({ locationId, changes }: { locationId: string; changes: LocationChanges }) =>
      (
        await httpClient<Location>(locationPath(practiceId, locationId), {
          method: 'PATCH',
          body: changes,
        })
      ).json,
    onSuccess: (location) => {
      queryClient.setQueryData<Location[]>(settingsKeys.locations(practiceId), (list) =>
        list?.map((item) => (item.location_id === location.location_id ? location : item)),
      );
      refreshLocations(queryClient, practiceId);
    },
    onError: (error) => {
      signOut(error);
      logFailure('save location', error);
    },
  });
}

/**
 * Make Primary: the chosen location primary, then the previous primary not primary — two updates
 * (docs/product/settings.md#locations; the gateway already demotes the previous one in the first, so the
 * second confirms it). On failure the locations are refetched, so the cards show what the server holds.
 */
export function useMakePrimary(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async ({
      locationId,
      previousId,
    }: {
      locationId: string;
      previousId: string | undefined;
    }) => {
      await httpClient(locationPath(practiceId, locationId), { method: 'PATCH', body: { is_primary: true } });
      if (previousId && previousId !== locationId)
        await httpClient(locationPath(practiceId, previousId), {
          method: 'PATCH',
          body: { is_primary: false },
        });
    },
    onSettled: () => refreshLocations(queryClient, practiceId),
    onError: (error) => {
      signOut(error);
      logFailure('change the primary location', error);
    },
  });
}

export function useCreateLocation(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async () =>
      (await httpClient<Location>(locationsPath(practiceId), { method: 'POST', body: NEW_LOCATION })).json,
    onSuccess: () => refreshLocations(queryClient, practiceId),
    onError: (error) => {
      signOut(error);
      logFailure('create location', error);
    },
  });
}

export function useDeleteLocation(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async (locationId: string) => {
      await httpClient(locationPath(practiceId, locationId), { method: 'DELETE' });
    },
    onSuccess: () => refreshLocations(queryClient, practiceId),
    onError: (error) => {
      signOut(error);
      logFailure('delete location', error);
    },
  });
}
