import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_URL, httpClient } from '../../providers/http';
import { getAccessToken } from '../../providers/storage';
import { useSignOutOnAccessDenied } from '../practice/api';
import { LIST_STALE_MS, retryStatus, STATUS_POLL_MS, type ProcessingStatus } from './badge';

/** The knowledge calls (docs/product/settings.md#knowledge-calls) and their thrown errors (#errors). */

export interface KnowledgeEntry {
  source_url: string;
  page_title: string | null;
  chunk_ids: string[];
  chunk_count: number;
  last_updated: string;
}

export interface KnowledgeList {
  entries: KnowledgeEntry[];
  total_entries: number;
  total_chunks: number;
}

export interface KnowledgeStatus {
  practice_id: string;
  status: ProcessingStatus;
  last_updated: string | null;
  /** The knowledge service says whether the run is a full reprocess ('all'). */
  scope?: 'all' | 'urls' | null;
  /** Why the last run failed (the knowledge service's words). */
  error?: string | null;
}

export const knowledgeKeys = {
  all: (practiceId: string) => ['knowledge', practiceId] as const,
  list: (practiceId: string) => ['knowledge', practiceId, 'list'] as const,
  status: (practiceId: string) => ['knowledge', practiceId, 'status'] as const,
};

/** An error keeping the HTTP status (so 401/403 still sign out) under the knowledge message. */
export class KnowledgeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'KnowledgeError';
  }
}

export const NO_TOKEN = 'No access token found';

const base = (practiceId: string) => `${API_URL}/practices/${encodeURIComponent(practiceId)}/knowledge`;

/** One knowledge call: refused without a token; a failure becomes '{prefix}: {server detail or status text}'. */
async function call<T>(prefix: string, url: string, init: Parameters<typeof httpClient>[1] = {}): Promise<T> {
  if (!getAccessToken()) throw new KnowledgeError(NO_TOKEN);
  try {
    return (await httpClient<T>(url, init)).json;
  } catch (error) {
    const { message, status } = error as { message?: string; status?: number };
    throw new KnowledgeError(`${prefix}: ${message ?? ''}`, status);
  }
}

export const knowledgeApi = {
  list: (practiceId: string) => call<KnowledgeList>('Failed to fetch knowledge entries', base(practiceId)),
  status: (practiceId: string) =>
    call<KnowledgeStatus>('Failed to fetch knowledge status', `${base(practiceId)}/status`),
  /** Chosen pages, or everything when `urls` is undefined ({}). */
  reprocess: (practiceId: string, urls?: string[]) =>
    call<KnowledgeStatus>('Failed to reprocess knowledge', `${base(practiceId)}/processing`, {
      method: 'POST',
      body: urls ? { urls } : {},
    }),
  deleteAll: (practiceId: string) =>
    call<unknown>('Failed to delete knowledge entries', base(practiceId), {
      method: 'DELETE',
      body: { delete_all: true },
    }),
  deleteUrls: (practiceId: string, urls: string[]) =>
    call<unknown>('Failed to delete knowledge entries', base(practiceId), {
      method: 'DELETE',
      body: { urls },
    }),
  deleteIds: (practiceId: string, ids: string[]) =>
    call<unknown>(
      'Failed to delete knowledge by IDs',
      `${base(practiceId)}?ids=${ids.map(encodeURIComponent).join(',')}`,
      { method: 'DELETE' },
    ),
};

function useSignOutOn(error: unknown) {
  const signOut = useSignOutOnAccessDenied();
  useEffect(() => {
    if (error) signOut(error);
  }, [error, signOut]);
}

/** The entries, fresh for 60 s. */
export function useKnowledgeList(practiceId: string) {
  const query = useQuery({
    queryKey: knowledgeKeys.list(practiceId),
    queryFn: () => knowledgeApi.list(practiceId),
    staleTime: LIST_STALE_MS,
  });
  useSignOutOn(query.error);
  return query;
}

/** The processing status, asked every 5 s while processing; retried 3 times unless 'Practice not found'. */
export function useKnowledgeStatus(practiceId: string) {
  const query = useQuery({
    queryKey: knowledgeKeys.status(practiceId),
    queryFn: () => knowledgeApi.status(practiceId),
    retry: retryStatus,
    refetchInterval: (current) => (current.state.data?.status === 'processing' ? STATUS_POLL_MS : false),
  });
  useSignOutOn(query.error);
  return query;
}

/** What a delete removes: everything, pages by address, or chunks by id (and pages that have none by address). */
export type KnowledgeDeletion =
  { kind: 'all' } | { kind: 'urls'; urls: string[] } | { kind: 'entries'; entries: KnowledgeEntry[] };

export function useDeleteKnowledge(practiceId: string) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  return useMutation({
    mutationFn: async (deletion: KnowledgeDeletion) => {
      if (deletion.kind === 'all') return knowledgeApi.deleteAll(practiceId);
      if (deletion.kind === 'urls') return knowledgeApi.deleteUrls(practiceId, deletion.urls);
      const ids = deletion.entries.flatMap((entry) => entry.chunk_ids);
      const withoutChunks = deletion.entries.filter((entry) => entry.chunk_ids.length === 0);
      if (ids.length > 0) await knowledgeApi.deleteIds(practiceId, ids);
      if (withoutChunks.length > 0)
        await knowledgeApi.deleteUrls(
          practiceId,
          withoutChunks.map((entry) => entry.source_url),
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(practiceId) }),
    onError: signOut,
  });
}
