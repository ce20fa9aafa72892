import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL, httpClient } from '../../providers/http';
import { useSignOutOnAccessDenied } from '../practice/api';
import type {
  CalendarAssignment,
  CalendarIntegration,
  IntegrationHealth,
  OAuthCalendarProvider,
  ProviderCalendar,
  SavedAssignments,
} from './types';

/**
 * The Calendar calls (docs/product/settings.md#calendar-calls). A missing token fails the call with
 * 'Unauthorized. No token found.' (the HTTP client); a 401/403 signs out. Fetch, delete, OAuth start, calendar
 * list and assignment save failures are only logged (docs/product/settings.md#errors).
 */
export const calendarKeys = {
  integrations: (practiceId: string) => ['settings', 'calendar-integrations', practiceId] as const,
  assignments: (practiceId: string) => ['settings', 'calendar-assignments', practiceId] as const,
  calendars: (integrationId: string) => ['settings', 'calendar-calendars', integrationId] as const,
};

const query = (practiceId: string) => `practice_id=${encodeURIComponent(practiceId)}`;
const integrationPath = (id: string) => `${API_URL}/calendar/integrations/${encodeURIComponent(id)}`;

export const calendarApi = {
  list: async (practiceId: string) =>
    (await httpClient<CalendarIntegration[]>(`${API_URL}/calendar/integrations?${query(practiceId)}`)).json,
  createInternal: async (practiceId: string) =>
    (
      await httpClient<CalendarIntegration>(`${API_URL}/calendar/integrations`, {
        method: 'POST',
        body: {
          practice_id: practiceId,
          provider: 'internal',
          provider_tenant_id: practiceId,
          auth_method: 'none',
          status: 'active',
        },
      })
    ).json,
  remove: (id: string) => httpClient(integrationPath(id), { method: 'DELETE' }),
  authorize: async (provider: OAuthCalendarProvider, practiceId: string) =>
    (
      await httpClient<{ authorization_url: string }>(
        `${API_URL}/calendar/oauth/authorize/${provider}?${query(practiceId)}`,
      )
    ).json,
  assignments: async (practiceId: string) =>
    (await httpClient<CalendarAssignment[]>(`${API_URL}/calendar/assignments?${query(practiceId)}`)).json,
  saveAssignments: async (id: string, body: { assignments: unknown[] }) =>
    (await httpClient<SavedAssignments>(`${integrationPath(id)}/assignments`, { method: 'PUT', body })).json,
  /** The provider's calendars: `{calendars: [...]}` or a bare list. */
  calendars: async (id: string): Promise<ProviderCalendar[]> => {
    const answer = (
      await httpClient<ProviderCalendar[] | { calendars?: ProviderCalendar[] }>(
        `${integrationPath(id)}/calendars`,
      )
    ).json;
    return Array.isArray(answer) ? answer : (answer?.calendars ?? []);
  },
  health: async (id: string) => (await httpClient<IntegrationHealth>(`${integrationPath(id)}/health`)).json,
};

function logFailure(what: string, error: unknown) {
  console.error(`Failed to ${what}`, error instanceof Error ? error.message : error);
}

/** Logs a query's failure and signs out on 401/403. */
function useQueryFailure(what: string, error: unknown) {
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (!error) return;
    logFailure(what, error);
    signOut(error);
  }, [what, error, signOut]);
}

export function useCalendarIntegrations(practiceId: string) {
  const result = useQuery({
    queryKey: calendarKeys.integrations(practiceId),
    queryFn: () => calendarApi.list(practiceId),
  });
  useQueryFailure('fetch calendar integrations', result.error);
  return result;
}

export function useCalendarAssignments(practiceId: string, enabled: boolean) {
  const result = useQuery({
    queryKey: calendarKeys.assignments(practiceId),
    queryFn: () => calendarApi.assignments(practiceId),
    enabled,
  });
  useQueryFailure('fetch calendar assignments', result.error);
  return result;
}

export function useProviderCalendars(integrationId: string, enabled: boolean) {
  const result = useQuery({
    queryKey: calendarKeys.calendars(integrationId),
    queryFn: () => calendarApi.calendars(integrationId),
    enabled,
  });
  useQueryFailure('fetch the calendars of the integration', result.error);
  return result;
}

/** Creates PracticePilot's own calendar integration, then refetches the list. The caller shows a failure. */
export function useCreateInternalIntegration(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: () => calendarApi.createInternal(practiceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.integrations(practiceId) }),
    onError: (error) => {
      logFailure('create the internal calendar integration', error);
      signOut(error);
    },
  });
}

/** Deletes an integration, then refetches the integrations and the assignments. */
export function useDeleteIntegration(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (id: string) => calendarApi.remove(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.integrations(practiceId) }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.assignments(practiceId) }),
      ]),
    onError: (error) => {
      logFailure('delete the calendar integration', error);
      signOut(error);
    },
  });
}

/** Starts the provider's consent: the browser leaves for the authorization URL. */
export function useConnectCalendar(practiceId: string, navigate: (url: string) => void) {
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (provider: OAuthCalendarProvider) => calendarApi.authorize(provider, practiceId),
    onSuccess: (answer) => navigate(answer.authorization_url),
    onError: (error) => {
      logFailure('start the calendar connection', error);
      signOut(error);
    },
  });
}

/** Replaces the integration's assignments, then refetches them. A failure is only logged. */
export function useSaveAssignments(practiceId: string, integrationId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (body: { assignments: unknown[] }) => calendarApi.saveAssignments(integrationId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.assignments(practiceId) }),
    onError: (error) => {
      logFailure('save the calendar assignments', error);
      signOut(error);
    },
  });
}
