import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSignOutOnAccessDenied } from '../practice/api';
import { knowledgeApi, knowledgeKeys, useKnowledgeStatus, type KnowledgeStatus } from './api';
import { runFinished, type ProcessingStatus } from './badge';

const NONE: ReadonlySet<string> = new Set();

/**
 * The processing state of the knowledge page (docs/product/settings.md#knowledge): the server's status
 * ('ready' until known), polled every 5 s while processing; starting a reprocess sets it to processing at once
 * and marks the pages pending; when it moves from processing to ready or failed the list refreshes and the
 * markers clear; a failed start clears them too.
 */
export function useKnowledgeProcessing(practiceId: string, allUrls: () => string[]) {
  const queryClient = useQueryClient();
  const signOut = useSignOutOnAccessDenied();
  const statusQuery = useKnowledgeStatus(practiceId);
  const [pending, setPending] = useState<ReadonlySet<string>>(NONE);
  const [full, setFull] = useState(false);
  const status: ProcessingStatus = statusQuery.data?.status ?? 'ready';
  const previous = useRef<ProcessingStatus | undefined>(undefined);

  useEffect(() => {
    if (runFinished(previous.current, status)) {
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(practiceId) });
      setPending(NONE);
      setFull(false);
    }
    previous.current = status;
  }, [status, practiceId, queryClient]);

  const reprocess = useMutation({
    mutationFn: (urls: string[] | undefined) => knowledgeApi.reprocess(practiceId, urls),
    onMutate: async (urls) => {
      // A status answer already on its way must not put back 'ready' over the local 'processing'.
      await queryClient.cancelQueries({ queryKey: knowledgeKeys.status(practiceId) });
      setPending(new Set(urls ?? allUrls()));
      setFull(!urls);
      queryClient.setQueryData<KnowledgeStatus>(knowledgeKeys.status(practiceId), (old) => ({
        practice_id: practiceId,
        last_updated: old?.last_updated ?? null,
        ...old,
        status: 'processing',
        scope: urls ? 'urls' : 'all',
      }));
    },
    onSuccess: (answer) => {
      if (answer?.status) queryClient.setQueryData(knowledgeKeys.status(practiceId), answer);
    },
    onError: (error) => {
      setPending(NONE);
      setFull(false);
      signOut(error);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.status(practiceId) });
    },
  });

  return {
    status,
    statusQuery,
    pending,
    /** A full reprocess runs: started here, or the server says its run covers the whole website. */
    fullReprocess: status === 'processing' && (full || statusQuery.data?.scope === 'all'),
    reprocess,
  };
}
