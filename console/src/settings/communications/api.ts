import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FIVE_MINUTES } from '../../practices/usePractices';
import { API_URL, httpClient } from '../../providers/http';
import { settingsKeys, useSignOutOnAccessDenied, type Practice } from '../practice/api';
import type { AutomationLevel, VirtualNumber } from './rules';

/**
 * The AI Communications calls (docs/product/settings.md#practice-and-location-calls): the practice (shared with
 * the practice page's cache), its virtual numbers, and PATCH practices/{id} for the switches and the automation
 * level. A save shows at once and is rolled back when the server refuses it; failures are only logged
 * (docs/product/settings.md#errors).
 */
const practicePath = (practiceId: string) => `${API_URL}/practices/${encodeURIComponent(practiceId)}`;

export const virtualNumbersKey = (practiceId: string) => ['settings', 'virtual-numbers', practiceId] as const;

export function useVirtualNumbers(practiceId: string) {
  const query = useQuery({
    queryKey: virtualNumbersKey(practiceId),
    queryFn: async () =>
      (await httpClient<VirtualNumber[]>(`${practicePath(practiceId)}/virtual-numbers/`)).json,
    staleTime: FIVE_MINUTES,
  });
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (query.error) {
      console.error('Failed to fetch virtual numbers', query.error.message);
      signOut(query.error);
    }
  }, [query.error, signOut]);
  return query;
}

export type CommunicationChanges =
  { outreach_preferences: Record<string, unknown> } | { automation_level: AutomationLevel };

export function useSaveCommunications(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  const key = settingsKeys.practice(practiceId);
  return useMutation({
    mutationFn: async (changes: CommunicationChanges) =>
      (await httpClient<Practice>(practicePath(practiceId), { method: 'PATCH', body: changes })).json,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Practice>(key);
      if (previous) queryClient.setQueryData<Practice>(key, { ...previous, ...changes });
      return { previous };
    },
    onSuccess: (practice) => queryClient.setQueryData(key, practice),
    onError: (error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      console.error('Failed to save AI communication settings', error.message);
      signOut(error);
    },
  });
}

/**
 * Buys a number through Twilio for the practice (POST practices/{id}/virtual-numbers/, docs/product/channels.md
 * #virtual-numbers), then refetches the numbers. The server's detail (Twilio not configured, none in the area
 * code) is shown by the caller.
 */
export function useProvisionNumber(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async (areaCode: string) =>
      (
        await httpClient<VirtualNumber>(`${practicePath(practiceId)}/virtual-numbers/`, {
          method: 'POST',
          body: areaCode ? { area_code: areaCode } : {},
        })
      ).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: virtualNumbersKey(practiceId) }),
    onError: (error) => {
      console.error('Failed to provision a virtual number', error.message);
      signOut(error);
    },
  });
}
