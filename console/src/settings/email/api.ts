import type { EmailAccount, EmailAuthorization, OAuthEmailProvider } from '@pp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../providers/http';
import { getAccessToken } from '../../providers/storage';
import { useSignOutOnAccessDenied } from '../practice/api';
import { useEffect } from 'react';

/**
 * The Email calls (docs/product/settings.md#email-accounts). Without a token nothing is called (the spec's
 * "silently do nothing"); fetch, delete and OAuth start failures are only logged (#errors).
 */
export const emailAccountsKey = (practiceId: string) => ['settings', 'email-accounts', practiceId] as const;

const query = (practiceId: string) => `practice_id=${encodeURIComponent(practiceId)}`;

export const emailApi = {
  list: async (practiceId: string) =>
    (await httpClient<EmailAccount[]>(`${API_URL}/email/accounts?${query(practiceId)}`)).json,
  remove: (accountId: string) =>
    httpClient(`${API_URL}/email/accounts/${encodeURIComponent(accountId)}`, { method: 'DELETE' }),
  authorize: async (provider: OAuthEmailProvider, practiceId: string) =>
    (
      await httpClient<EmailAuthorization>(
        `${API_URL}/email/oauth/authorize/${provider}?${query(practiceId)}`,
      )
    ).json,
};

export function useEmailAccounts(practiceId: string) {
  const result = useQuery({
    queryKey: emailAccountsKey(practiceId),
    queryFn: () => emailApi.list(practiceId),
    enabled: !!getAccessToken(),
  });
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (result.error) {
      console.error('Failed to fetch email accounts', result.error.message);
      signOut(result.error);
    }
  }, [result.error, signOut]);
  return result;
}

/** Deletes an account, then refetches the list (docs/product/settings.md#after-an-answer). */
export function useDeleteEmailAccount(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (accountId: string) => emailApi.remove(accountId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailAccountsKey(practiceId) }),
    onError: (error) => {
      console.error('Failed to delete email account', error.message);
      signOut(error);
    },
  });
}

/** Starts the provider's consent: the browser leaves for the authorization URL. */
export function useConnectEmailAccount(practiceId: string, navigate: (url: string) => void) {
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (provider: OAuthEmailProvider) => emailApi.authorize(provider, practiceId),
    onSuccess: (answer) => navigate(answer.authorization_url),
    onError: (error) => {
      console.error('Failed to start the email account connection', error.message);
      signOut(error);
    },
  });
}
