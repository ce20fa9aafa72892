import type { PersonDto } from '@pp/contracts';
import { LeadLimits } from '@pp/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { peopleApi } from '../providers/peopleApi';

export const SEARCH_DEBOUNCE_MS = 300;

export interface LeadSearchState {
  results: PersonDto[];
  /** True from the moment a searchable text is typed until its answer arrives. */
  loading: boolean;
  /** Whether the text is long enough to search (at least 2 characters, trimmed) with a practice selected. */
  active: boolean;
}

const IDLE: LeadSearchState = { results: [], loading: false, active: false };

/**
 * The top-bar search (docs/product/shell.md "Lead search"): no request without a practice or under
 * 2 trimmed characters (results cleared); requests debounced 300 ms; an earlier request still in flight is
 * aborted as soon as the text changes; a failure other than the abort empties the results. `cancel` aborts
 * and clears, for Escape, a click outside and a chosen row.
 */
export function useLeadSearch(practiceId: string | null, text: string) {
  const [state, setState] = useState<LeadSearchState>(IDLE);
  const inFlight = useRef<AbortController | null>(null);
  const q = text.trim();
  const searchable = !!practiceId && q.length >= LeadLimits.searchMinChars;

  const abort = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => {
    abort();
    if (!searchable || !practiceId) {
      setState(IDLE);
      return;
    }
    setState((current) => ({ ...current, loading: true, active: true }));
    const timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      peopleApi.search(practiceId, q, controller.signal).then(
        (results) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          setState({ results, loading: false, active: true });
        },
        () => {
          // peopleApi.search turns failures into []; only an abort rejects, and then a newer text owns the state.
          if (!controller.signal.aborted) setState({ results: [], loading: false, active: true });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [practiceId, q, searchable, abort]);

  useEffect(() => abort, [abort]);

  return { ...state, abort };
}
