import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { en } from '../../i18n/en';
import { API_URL, detailOf, httpClient } from '../../providers/http';
import { getAccessToken } from '../../providers/storage';
import { useSignOutOnAccessDenied } from '../practice/api';
import type { FieldMappingResponse } from './fieldMapping';
import { useEffect } from 'react';

/** The field mapping calls (docs/product/settings.md#field-mapping-calls) and their errors (#errors). */

export const fieldMappingKey = (practiceId: string) => ['settings', 'field-mapping', practiceId] as const;

const path = (practiceId: string) => `${API_URL}/practices/${encodeURIComponent(practiceId)}/field-mapping`;

/** An error keeping the HTTP status (so 401/403 still sign out) under the page's message. */
export class FieldMappingError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FieldMappingError';
  }
}

const texts = en.pp.settings.field_mapping;

/** One call: refused without a token ('Authentication required'); a failure keeps the server's detail. */
async function call<T>(
  fallback: string,
  url: string,
  init: Parameters<typeof httpClient>[1] = {},
): Promise<T> {
  if (!getAccessToken()) throw new FieldMappingError(texts.auth_required);
  try {
    return (await httpClient<T>(url, init)).json;
  } catch (error) {
    const { body, status } = error as { body?: unknown; status?: number };
    throw new FieldMappingError(detailOf(body) ?? fallback, status);
  }
}

export const fieldMappingApi = {
  get: (practiceId: string) => call<FieldMappingResponse>(texts.load_failed, path(practiceId)),
  /** The whole mapping object (field name → target). */
  put: (practiceId: string, mappings: Record<string, string>) =>
    call<{ ok: boolean }>(texts.save_failed, path(practiceId), { method: 'PUT', body: mappings }),
};

export function useFieldMapping(practiceId: string) {
  const query = useQuery({
    queryKey: fieldMappingKey(practiceId),
    queryFn: () => fieldMappingApi.get(practiceId),
  });
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (query.error) signOut(query.error);
  }, [query.error, signOut]);
  return query;
}

/** Saves the whole mapping, then refetches it (docs/product/settings.md#after-an-answer). */
export function useSaveFieldMapping(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: (mappings: Record<string, string>) => fieldMappingApi.put(practiceId, mappings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fieldMappingKey(practiceId) }),
    onError: signOut,
  });
}
