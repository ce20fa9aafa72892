import type { LeadBroadcastMessage, LeadListResponse, StageFilterId } from '@pp/contracts';
import Refresh from '@mui/icons-material/Refresh';
import { Box, Button, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslate } from 'react-admin';
import { LiveIndicator } from '../../live/LiveIndicator';
import { minWidthQuery, SHELL_BREAKPOINTS } from '../../layout/responsive';
import { LEAD_UPDATED_EVENT, useLeadBroadcasts, useLiveCatchUp } from '../../live/LiveProvider';
import { LeadRow } from './LeadRow';
import { filterLabel, matchesFilter, stageQuery } from './listRules';
import { NewLeadsPill } from './NewLeadsPill';
import { usePracticeClock } from '../../practices/practiceClock';
import { useSentinel } from './useSentinel';

/** The list's width: full on wide windows, narrower below SHELL_BREAKPOINTS.wideList. */
export const LEAD_LIST_WIDTH = 380;
export const LEAD_LIST_NARROW_WIDTH = 320;

/** Within this many pixels of the top the list counts as "at the top". */
const TOP_SLACK = 8;

export type LeadListQuery = UseInfiniteQueryResult<InfiniteData<LeadListResponse, unknown>, Error>;

interface LeadListProps {
  filterId: StageFilterId;
  query: LeadListQuery;
  selectedId: string | null;
  /** Refresh from the top: the page drops any anchor, reloads the first page and the stats. Throttled. */
  onRefresh: () => void;
  /** The scroll container, shared with the page so it can scroll the list to the top. */
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * The lead list (docs/product/leads.md, column 2): title, refresh, infinite scroll in both
 * directions, the new-leads pill, and live refreshes while the user is at the top.
 */
export function LeadList({ filterId, query, selectedId, onRefresh, scrollRef }: LeadListProps) {
  const translate = useTranslate();
  const { zone } = usePracticeClock();
  const title = filterLabel(filterId);
  const search = stageQuery(filterId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const [newLeads, setNewLeads] = useState(0);
  const topSentinel = useRef<HTMLDivElement>(null);
  const bottomSentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, hasPreviousPage, isFetchingNextPage, isFetchingPreviousPage } = query;
  const loaded = !!query.data;
  // Before the first page arrives there is nothing to refresh: a live update then must not reset the list
  // (it would drop a deep link's anchor while its page is still loading).
  const atTop = useCallback(() => {
    const scroller = scrollRef.current;
    return loaded && !hasPreviousPage && (!scroller || scroller.scrollTop <= TOP_SLACK);
  }, [loaded, hasPreviousPage, scrollRef]);

  const refreshFromTop = useCallback(() => {
    setNewLeads(0);
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    onRefresh();
  }, [onRefresh, scrollRef]);

  // New leads: refresh at the top, otherwise count them on the pill.
  useLeadBroadcasts((message: LeadBroadcastMessage) => {
    if (message.type !== 'lead_created' || !loaded || !matchesFilter(filterId, message.person_data)) return;
    if (atTop()) onRefresh();
    else setNewLeads((count) => count + 1);
  });

  // Back after a drop (docs/product/live-connection.md#catching-up): at the top, refresh (what the missed
  // broadcasts would have done); otherwise count the missed new leads of this stage on the pill, those the list
  // already shows aside.
  useLiveCatchUp((missed) => {
    if (!loaded) return;
    if (atTop()) return onRefresh();
    const shown = new Set(items.map((person) => person.person_id));
    const added = missed.filter((lead) => matchesFilter(filterId, lead) && !shown.has(lead.person_id)).length;
    if (added) setNewLeads((count) => count + added);
  });

  // A lead changed stage (spec: the window event lead_updated carrying person_data.stage): refresh at the top.
  useEffect(() => {
    const onUpdated = (event: Event) => {
      const detail = (event as CustomEvent<Partial<LeadBroadcastMessage>>).detail;
      if (detail?.person_data?.stage && atTop()) onRefresh();
    };
    window.addEventListener(LEAD_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(LEAD_UPDATED_EVENT, onUpdated);
  }, [atTop, onRefresh]);

  // Newer leads are prepended above the view: keep what the user was looking at in place.
  const beforePrepend = useRef<{ height: number; top: number } | null>(null);
  const firstPage = query.data?.pages[0];
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const saved = beforePrepend.current;
    if (!scroller || !saved || isFetchingPreviousPage) return;
    beforePrepend.current = null;
    scroller.scrollTop = saved.top + (scroller.scrollHeight - saved.height);
  }, [firstPage, isFetchingPreviousPage, scrollRef]);

  const pages = query.data?.pages.length ?? 0;
  // One fetch at a time: starting a page while another runs would cancel the running one.
  const idle = !query.isFetching;
  useSentinel(scrollRef, bottomSentinel, !!hasNextPage && idle, () => query.fetchNextPage(), pages);
  useSentinel(
    scrollRef,
    topSentinel,
    !!hasPreviousPage && idle,
    () => {
      const scroller = scrollRef.current;
      if (scroller) beforePrepend.current = { height: scroller.scrollHeight, top: scroller.scrollTop };
      void query.fetchPreviousPage();
    },
    pages,
  );

  const onScroll = () => {
    if (newLeads > 0 && atTop()) refreshFromTop();
  };

  return (
    <Box
      component="section"
      aria-labelledby="lead-list-title"
      sx={{
        width: LEAD_LIST_NARROW_WIDTH,
        [minWidthQuery(SHELL_BREAKPOINTS.wideList)]: { width: LEAD_LIST_WIDTH },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minHeight: 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="lead-list-title" variant="h6" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <LiveIndicator />
        <Tooltip title={translate('pp.leads.refresh')}>
          <IconButton size="small" aria-label={translate('pp.leads.refresh')} onClick={refreshFromTop}>
            <Refresh fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <NewLeadsPill count={newLeads} onClick={refreshFromTop} />
        <Box
          ref={scrollRef}
          onScroll={onScroll}
          data-testid="lead-list-scroller"
          sx={{ height: '100%', overflowY: 'auto', overflowAnchor: 'none' }}
        >
          <div ref={topSentinel} data-testid="list-top-sentinel" />
          {query.isPending ? (
            <Spinner />
          ) : query.isError && items.length === 0 ? (
            <Box sx={{ p: 3, textAlign: 'center' }}>
              <Typography color="error" gutterBottom role="alert">
                {translate('pp.leads.list_failed')}
              </Typography>
              <Button size="small" onClick={() => void query.refetch()}>
                {translate('pp.common.retry')}
              </Button>
            </Box>
          ) : query.isSuccess && items.length === 0 ? (
            <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
              {translate('pp.leads.empty', { stage: title })}
            </Typography>
          ) : (
            <Box
              component="ul"
              role="list"
              aria-label={translate('pp.leads.lead_list', { stage: title })}
              sx={{ m: 0, p: 0 }}
            >
              {items.map((person) => (
                <LeadRow
                  key={person.person_id}
                  person={person}
                  selected={person.person_id === selectedId}
                  search={search}
                  zone={zone}
                />
              ))}
            </Box>
          )}
          {isFetchingNextPage && <Spinner />}
          <div ref={bottomSentinel} data-testid="list-bottom-sentinel" style={{ height: 1 }} />
        </Box>
      </Box>
    </Box>
  );
}

function Spinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={24} />
    </Box>
  );
}
