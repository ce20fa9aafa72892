import type {
  AuditLogPage,
  AuditRetention,
  BlockedNumber,
  BlockedNumberList,
  BlockNumberRequest,
} from '@pp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL, httpClient } from '../../providers/http';
import { getAccessToken } from '../../providers/storage';
import { useSignOutOnAccessDenied } from '../practice/api';

/** The Security page's calls (docs/product/settings.md#security): the audit log, its CSV export, its retention. */

const base = (practiceId: string) => `${API_URL}/practices/${encodeURIComponent(practiceId)}/audit-log`;

export const auditLogKey = (practiceId: string, query: string) =>
  ['settings', 'audit-log', practiceId, query] as const;
export const retentionKey = (practiceId: string) => ['settings', 'audit-retention', practiceId] as const;

export const securityApi = {
  page: async (practiceId: string, query: string) =>
    (await httpClient<AuditLogPage>(`${base(practiceId)}${query ? `?${query}` : ''}`)).json,
  /** The CSV as text, and the file name the server gave it. */
  exportCsv: async (practiceId: string, query: string) => {
    const response = await httpClient(`${base(practiceId)}.csv${query ? `?${query}` : ''}`, {
      headers: { Accept: 'text/csv' },
    });
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
    return { csv: response.body, fileName: name ?? 'audit-log.csv' };
  },
  retention: async (practiceId: string) =>
    (await httpClient<AuditRetention>(`${base(practiceId)}/retention`)).json,
  setRetention: async (practiceId: string, years: number) =>
    (
      await httpClient<AuditRetention>(`${base(practiceId)}/retention`, {
        method: 'PUT',
        body: { retention_years: years },
      })
    ).json,
};

/**
 * One page of the audit log. Never cached beyond the page being shown (it is itself a record of access), and the
 * previous page stays on screen while the next one loads.
 */
export function useAuditLog(practiceId: string, query: string) {
  const result = useQuery({
    queryKey: auditLogKey(practiceId, query),
    queryFn: () => securityApi.page(practiceId, query),
    enabled: !!getAccessToken(),
    placeholderData: keepPreviousData,
    gcTime: 0,
    retry: false,
  });
  useSignOutOn(result.error);
  return result;
}

export function useAuditRetention(practiceId: string) {
  const result = useQuery({
    queryKey: retentionKey(practiceId),
    queryFn: () => securityApi.retention(practiceId),
    enabled: !!getAccessToken(),
  });
  useSignOutOn(result.error);
  return result;
}

export function useSetAuditRetention(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (years: number) => securityApi.setRetention(practiceId, years),
    onSuccess: (answer) => queryClient.setQueryData(retentionKey(practiceId), answer),
    onError: (error) => signOut(error),
  });
}

export function useExportAuditLog(practiceId: string) {
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (query: string) => securityApi.exportCsv(practiceId, query),
    onSuccess: ({ csv, fileName }) => download(csv, fileName),
    onError: (error) => signOut(error),
  });
}

function useSignOutOn(error: unknown) {
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (error) signOut(error);
  }, [error, signOut]);
}

/** Saves a text as a file through the browser's download. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The practice's block list (docs/decisions/0043-number-block-list.md): numbers the product never texts or calls. */
const blockedBase = (practiceId: string) =>
  `${API_URL}/practices/${encodeURIComponent(practiceId)}/blocked-numbers`;

export const blockedNumbersKey = (practiceId: string) => ['settings', 'blocked-numbers', practiceId] as const;

export const blockedNumbersApi = {
  list: async (practiceId: string) =>
    (await httpClient<BlockedNumberList>(blockedBase(practiceId))).json.blocked_numbers,
  add: async (practiceId: string, request: BlockNumberRequest) =>
    (await httpClient<BlockedNumber>(blockedBase(practiceId), { method: 'POST', body: request })).json,
  remove: async (practiceId: string, blockedNumberId: string) => {
    await httpClient(`${blockedBase(practiceId)}/${encodeURIComponent(blockedNumberId)}`, {
      method: 'DELETE',
    });
  },
};

export function useBlockedNumbers(practiceId: string) {
  const result = useQuery({
    queryKey: blockedNumbersKey(practiceId),
    queryFn: () => blockedNumbersApi.list(practiceId),
    enabled: !!getAccessToken(),
  });
  useSignOutOn(result.error);
  return result;
}

export function useBlockNumber(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (request: BlockNumberRequest) => blockedNumbersApi.add(practiceId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedNumbersKey(practiceId) }),
    onError: (error) => signOut(error),
  });
}

export function useUnblockNumber(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (blockedNumberId: string) => blockedNumbersApi.remove(practiceId, blockedNumberId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedNumbersKey(practiceId) }),
    onError: (error) => signOut(error),
  });
}
