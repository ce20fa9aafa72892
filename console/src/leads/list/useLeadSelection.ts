import type { LeadListResponse, StageFilterId } from '@pp/contracts';
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { setSelectedPracticeId } from '../../practices/selectedPractice';
import { isAuthError } from '../../providers/http';
import { personQuery } from '../api/personQueries';
import { leadListKey } from '../api/listQueries';

/** Where the list starts when it does not start at the top: at a lead opened from outside the list. */
interface Anchor {
  id: string;
  filterId: StageFilterId;
  /** The practice the lead belongs to; null until it is known (nothing was selected yet). */
  practiceId: string | null;
  /** The lead was found (GET /people/{id}) and its practice is the selected one. */
  verified: boolean;
}

/** History state of navigations whose lead is already in the list (a row click, the first lead). */
export type SelectionOrigin = 'list' | 'initial';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * Which lead is selected and where the list starts (docs/product/leads.md#lead-list,
 * #list-selection, and opening a lead from another practice). A row click or the automatic first lead keep the list
 * as it is. A lead opened from outside the list — a deep link, the search, the browser history — anchors
 * the list at that lead once GET /people/{id} has confirmed it: a lead of another practice of the user's
 * switches the selected practice (without leaving the page); a lead the user cannot see (404) is not
 * selected and only logged.
 */
export function useLeadSelection(leadId: string | null, filterId: StageFilterId, practiceId: string | null) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<Anchor | null>(() =>
    leadId ? { id: leadId, filterId, practiceId, verified: false } : null,
  );
  const [rejected, setRejected] = useState<string | null>(null);

  const active =
    anchor && anchor.filterId === filterId && (anchor.practiceId === null || anchor.practiceId === practiceId)
      ? anchor
      : null;

  // A navigation to a lead that is not in the loaded list anchors the list at it (adjusting state during
  // render, so the list never asks for the wrong page first).
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const origin = (location.state as { origin?: SelectionOrigin } | null)?.origin;
    const loaded = queryClient
      .getQueryData<InfiniteData<LeadListResponse>>(leadListKey(practiceId, filterId, active?.id ?? null))
      ?.pages.some((page) => page.items.some((item) => item.person_id === leadId));
    if (leadId && !origin && !loaded) setAnchor({ id: leadId, filterId, practiceId, verified: false });
  }

  const pending = active && !active.verified ? active.id : null;
  // The lead's own query (shared with the detail, so opening a lead fetches it once); a 404 is not retried.
  const lookup = useQuery({
    ...personQuery(pending ?? ''),
    enabled: !!pending && !!practiceId,
  });

  useEffect(() => {
    if (!pending || !practiceId) return;
    if (lookup.data && lookup.data.person_id === pending) {
      const owner = lookup.data.practice_id;
      // The user can open it, so it is one of their practices: make it the selected one and stay here.
      if (owner !== practiceId) setSelectedPracticeId(owner);
      setAnchor((current) =>
        current?.id === pending ? { ...current, practiceId: owner, verified: true } : current,
      );
    } else if (lookup.error && !isAuthError(lookup.error)) {
      if (statusOf(lookup.error) === 404) {
        console.warn(`Lead ${pending} is not accessible: not selecting it.`);
        setRejected(pending);
      }
      setAnchor((current) => (current?.id === pending ? null : current));
    }
  }, [pending, practiceId, lookup.data, lookup.error]);

  const dropAnchor = useCallback(() => setAnchor(null), []);

  return {
    selectedId: leadId && leadId !== rejected ? leadId : null,
    anchorId: active?.id ?? null,
    /** Hold the list until the anchor is confirmed, so it never asks for a page the server would refuse. */
    listEnabled: !active || active.verified,
    dropAnchor,
  };
}
