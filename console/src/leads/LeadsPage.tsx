import type { LeadListResponse, PersonDto, StageFilterId } from '@pp/contracts';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { Box, Drawer, IconButton, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { SectionBoundary } from '../common/SectionBoundary';
import { AssistantSlot } from '../layout/AssistantPanel';
import { useLeftPanel } from '../layout/LeftPanel';
import { SHELL_BREAKPOINTS, useWideWindow } from '../layout/responsive';
import { LEAD_DETAIL_TARGET } from '../layout/SkipLink';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { peopleApi } from '../providers/peopleApi';
import { leadKeys } from './api/keys';
import { leadListKey, useLeadList, useLeadStats } from './api/listQueries';
import { LeadDetail } from './detail/LeadDetail';
import { personName } from './format';
import { LeadList } from './list/LeadList';
import { parseFilterId, stageQuery } from './list/listRules';
import { throttle } from './list/throttle';
import { useLeadSelection, type SelectionOrigin } from './list/useLeadSelection';
import { LeadSidePanel } from './panel/LeadSidePanel';
import { StageSidebar } from './sidebar/StageSidebar';
import { visuallyHidden } from '@mui/utils';

/** Refreshes of the list are at most this often (docs/product/leads.md, constants). */
export const REFRESH_THROTTLE_MS = 500;

/** The lead detail never gets narrower than this: below it the page scrolls sideways instead. */
export const DETAIL_MIN_WIDTH = 420;

/**
 * The leads workspace, /leads and /leads/{leadId} (docs/product/leads.md): the stage sidebar (when
 * the left panel is open), the lead list and the selected lead's detail; the lead's side panel goes into the
 * AI Assistant panel. The stage filter is in the URL (?stage=review); the selected lead is the path.
 */
export function LeadsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open: sidebarOpen } = useLeftPanel();
  const stagesInline = useWideWindow(SHELL_BREAKPOINTS.stagesInline);
  const [stagesDrawer, setStagesDrawer] = useState(false);
  const leadId = useParams().leadId ?? null;
  const filterId = parseFilterId(useSearchParams()[0].get('stage'));
  const practiceId = useSelectedPracticeId();
  const stats = useLeadStats(practiceId);
  const { selectedId, anchorId, listEnabled, dropAnchor } = useLeadSelection(leadId, filterId, practiceId);
  const list = useLeadList(practiceId, filterId, anchorId, { enabled: listEnabled });
  const scrollRef = useRef<HTMLDivElement>(null);

  // A list whose anchor the server refuses (the lead is not in this stage) starts at the top instead.
  useEffect(() => {
    if (anchorId && list.isError && (list.error as { status?: number }).status === 404) dropAnchor();
  }, [anchorId, list.isError, list.error, dropAnchor]);

  // Nothing selected: the first lead is (origin 'initial'). An empty stage stays at /leads.
  const first = list.data?.pages[0]?.items[0]?.person_id;
  useEffect(() => {
    if (leadId || !first) return;
    const state: { origin: SelectionOrigin } = { origin: 'initial' };
    navigate(`/leads/${encodeURIComponent(first)}${stageQuery(filterId)}`, { replace: true, state });
  }, [leadId, first, filterId, navigate]);

  // Refresh from the top: drop any anchor, keep only the first page and reload it, and reload the stats.
  const latest = useRef({ practiceId, filterId, anchorId, dropAnchor });
  latest.current = { practiceId, filterId, anchorId, dropAnchor };
  const refresh = useMemo(
    () =>
      throttle(() => {
        const { practiceId: practice, filterId: filter, anchorId: anchor, dropAnchor: drop } = latest.current;
        if (!practice) return;
        if (anchor) drop();
        queryClient.setQueryData<InfiniteData<LeadListResponse>>(
          leadListKey(practice, filter, null),
          (data) =>
            data && data.pages.length > 1
              ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
              : data,
        );
        void queryClient.invalidateQueries({ queryKey: leadKeys.list(practice, filter) });
        void queryClient.invalidateQueries({ queryKey: leadKeys.stats(practice) });
      }, REFRESH_THROTTLE_MS),
    [queryClient],
  );
  useEffect(() => refresh.cancel, [refresh]);

  // The current stage refreshes and scrolls to the top; another one switches (stage change origin).
  const selectStage = useCallback(
    (id: StageFilterId) => {
      if (id !== filterId) return navigate(`/leads${stageQuery(id)}`);
      if (scrollRef.current) scrollRef.current.scrollTop = 0;
      refresh();
    },
    [filterId, navigate, refresh],
  );

  const name = useSelectedName(selectedId, list.data);

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Typography component="h1" sx={visuallyHidden}>
        {translate('pp.leads.page_title')}
      </Typography>
      {sidebarOpen && stagesInline && (
        <StageSidebar current={filterId} stats={stats.data} onSelect={selectStage} />
      )}
      {sidebarOpen && !stagesInline && (
        // Narrower windows: a rail whose button opens the stage sidebar as a drawer over the page.
        <Box
          data-testid="stage-rail"
          sx={{ flexShrink: 0, p: 1, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
        >
          <Tooltip title={translate('pp.leads.stages')} placement="right">
            <IconButton
              aria-label={translate('pp.leads.stages')}
              aria-expanded={stagesDrawer}
              onClick={() => setStagesDrawer(true)}
            >
              <FilterListOutlined />
            </IconButton>
          </Tooltip>
          <Drawer open={stagesDrawer} onClose={() => setStagesDrawer(false)}>
            <StageSidebar
              current={filterId}
              stats={stats.data}
              onSelect={(id) => {
                setStagesDrawer(false);
                selectStage(id);
              }}
            />
          </Drawer>
        </Box>
      )}
      <SectionBoundary name="lead list" resetKey={`${practiceId}:${filterId}`}>
        <LeadList
          key={`${practiceId}:${filterId}`}
          filterId={filterId}
          query={list}
          selectedId={selectedId}
          onRefresh={refresh}
          scrollRef={scrollRef}
        />
      </SectionBoundary>
      <Box
        id={LEAD_DETAIL_TARGET}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: DETAIL_MIN_WIDTH, overflowY: 'auto', outline: 'none' }}
      >
        <SectionBoundary name="lead detail" resetKey={selectedId}>
          <LeadDetail personId={selectedId} />
        </SectionBoundary>
      </Box>
      {selectedId && (
        <>
          <AssistantSlot area="header">
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 0.5 }}
              noWrap
              data-testid="chat-about"
            >
              {translate('pp.shell.chat_about', { name })}
            </Typography>
          </AssistantSlot>
          <AssistantSlot area="body">
            <SectionBoundary name="lead side panel" resetKey={selectedId}>
              <LeadSidePanel personId={selectedId} />
            </SectionBoundary>
          </AssistantSlot>
        </>
      )}
    </Box>
  );
}

/**
 * The selected lead's name for 'Chat about {lead name}': from the person the detail loads (read from the
 * cache, never fetched here), else from the list row.
 */
function useSelectedName(selectedId: string | null, pages: InfiniteData<LeadListResponse> | undefined) {
  const person = useQuery<PersonDto>({
    queryKey: leadKeys.person(selectedId ?? ''),
    queryFn: ({ signal }) => peopleApi.get(selectedId as string, signal),
    enabled: false,
  }).data;
  const row = pages?.pages.flatMap((page) => page.items).find((item) => item.person_id === selectedId);
  return personName(person ?? row);
}
