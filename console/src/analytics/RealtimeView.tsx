import {
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { LeadBroadcastMessage, RealtimePageview } from '@pp/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useLeadBroadcasts, useLiveStatus } from '../live/LiveProvider';
import { ErrorState } from '../common/ErrorState';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { usePageviews, useRealtimeEvents } from './analyticsQueries';
import { ChannelIcon } from './ChannelIcon';
import { applyEvent, isUnfinishedCall, rowsOf, visibleRows, type LiveEventRow } from './liveEvents';
import {
  activePages,
  activeUsers,
  mapMarkers,
  onPageText,
  recentPageviews,
  sessionText,
  sourceCounts,
  sourceLabel,
  topActivePages,
} from './realtimeRules';
import { relativeTime } from './relativeTime';

/** Live messages kept to rebuild the rows from (well above the 100 rows kept). */
const RECEIVED_KEPT = 500;

const VisitorMap = lazy(() => import('./VisitorMap'));

const pulse = keyframes`
  0% { background-color: rgba(76, 175, 80, 0.08); }
  50% { background-color: rgba(76, 175, 80, 0.28); }
  100% { background-color: rgba(76, 175, 80, 0.08); }
`;

/**
 * Realtime Activity (docs/product/analytics.md#live-activity): the last 30 minutes of the practice's website
 * (refetched every 15 s) and its live lead events (loaded once, then kept up by the live connection).
 */
export function RealtimeView() {
  const translate = useTranslate();
  const practiceId = useSelectedPracticeId();
  if (!practiceId) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="no-practice">
        {translate('pp.analytics.realtime.no_practice')}
      </Typography>
    );
  }
  return <Realtime key={practiceId} practiceId={practiceId} />;
}

function Realtime({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const pageviewsQuery = usePageviews(practiceId);
  const pageviews = useMemo(() => pageviewsQuery.data?.pageviews ?? [], [pageviewsQuery.data]);
  const cards = [
    {
      key: 'active_users',
      label: 'pp.analytics.realtime.cards.active_users',
      value: String(activeUsers(pageviews)),
    },
    { key: 'pageviews', label: 'pp.analytics.realtime.cards.pageviews', value: String(pageviews.length) },
    {
      key: 'active_pages',
      label: 'pp.analytics.realtime.cards.active_pages',
      value: String(activePages(pageviews).length),
    },
    {
      key: 'avg_session',
      label: 'pp.analytics.realtime.cards.avg_session',
      value: sessionText(pageviewsQuery.data?.avg_session_duration_seconds),
    },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="h5" component="h2">
            {translate('pp.analytics.realtime.title')}
          </Typography>
          <Chip
            size="small"
            color="success"
            label={translate('pp.analytics.realtime.live')}
            data-testid="live-badge"
          />
        </Box>
        <Typography color="text.secondary">{translate('pp.analytics.realtime.subtitle')}</Typography>
      </Box>
      {pageviewsQuery.error && (
        <ErrorState
          testId="realtime-error"
          message={(pageviewsQuery.error as Error).message}
          onRetry={() => void pageviewsQuery.refetch()}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {cards.map((card) => (
          <Card variant="outlined" key={card.key} data-testid={`rt-card-${card.key}`}>
            <CardContent>
              <Typography variant="body2" color="text.secondary" component="h3">
                {translate(card.label)}
              </Typography>
              <Typography variant="h5" component="p" data-testid="rt-card-value">
                {card.value}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <VisitorLocations pageviews={pageviews} />
        <ActivePagesCard pageviews={pageviews} />
      </Box>
      <RecentPageviews pageviews={pageviews} />
      <LiveLeadEvents practiceId={practiceId} />
    </Box>
  );
}

function VisitorLocations({ pageviews }: { pageviews: RealtimePageview[] }) {
  const translate = useTranslate();
  const counts = sourceCounts(pageviews);
  const markers = useMemo(() => mapMarkers(pageviews), [pageviews]);
  return (
    <Card variant="outlined" data-testid="visitor-locations">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('pp.analytics.realtime.locations')}
        </Typography>
        {counts.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('pp.analytics.realtime.no_traffic')}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1.5 }}
            data-testid="source-counts"
          >
            {counts.map((count) => (
              <Box component="li" key={count.source} data-source={count.source}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${sourceLabel(count.source)}: ${count.visitors}`}
                />
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ height: 320, borderRadius: 1, overflow: 'hidden' }} data-markers={markers.length}>
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', height: '100%' }}>
                <CircularProgress size={22} />
              </Box>
            }
          >
            <VisitorMap markers={markers} />
          </Suspense>
        </Box>
      </CardContent>
    </Card>
  );
}

function ActivePagesCard({ pageviews }: { pageviews: RealtimePageview[] }) {
  const translate = useTranslate();
  const pages = topActivePages(pageviews);
  return (
    <Card variant="outlined" data-testid="active-pages">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('pp.analytics.realtime.active_pages')}
        </Typography>
        {pages.length === 0 ? (
          <Typography color="text.secondary">{translate('pp.analytics.realtime.no_active')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {pages.map((page) => (
              <Box
                component="li"
                key={page.url}
                data-testid="active-page"
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5 }}
              >
                <Typography variant="body2" noWrap title={page.url} sx={{ minWidth: 0 }}>
                  {page.title || page.url}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                  {translate('pp.analytics.realtime.users', { smart_count: page.users })}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function RecentPageviews({ pageviews }: { pageviews: RealtimePageview[] }) {
  const translate = useTranslate();
  const recent = recentPageviews(pageviews);
  return (
    <Card variant="outlined" data-testid="recent-pageviews">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('pp.analytics.realtime.recent_pageviews')}
        </Typography>
        {recent.length === 0 ? (
          <Typography color="text.secondary">{translate('pp.analytics.realtime.no_pageviews')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 480, overflowY: 'auto' }}>
            {recent.map((view, index) => (
              <Box
                component="li"
                key={`${view.visitor_id}-${view.timestamp}-${index}`}
                data-testid="pageview"
                sx={{
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 0.25,
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" fontWeight={600}>
                    {view.title || view.url}
                  </Typography>
                  {view.is_lead && view.person_id && (
                    <Chip
                      size="small"
                      color="primary"
                      clickable
                      component={RouterLink}
                      to={`/leads/${encodeURIComponent(view.person_id)}`}
                      label={translate('pp.analytics.realtime.lead_badge', {
                        name: view.person_name || translate('pp.analytics.overview.unknown_contact'),
                      })}
                    />
                  )}
                </Box>
                {/* A visitor's address: linked only when it is http(s) (the ingress checks too), never javascript:. */}
                <Link
                  href={/^https?:\/\//i.test(view.url) ? view.url : undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="caption"
                  noWrap
                >
                  {view.url}
                </Link>
                <Typography variant="caption" color="text.secondary">
                  {[
                    relativeTime(view.timestamp),
                    sourceLabel(view.source),
                    onPageText(view) ?? translate('pp.analytics.realtime.on_page_now'),
                  ].join(' · ')}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function LiveLeadEvents({ practiceId }: { practiceId: string }) {
  const translate = useTranslate();
  const status = useLiveStatus();
  const { data: loaded } = useRealtimeEvents(practiceId);
  // What the live connection brought since the view opened, applied over the loaded events (an event already
  // listed is not added twice; a completed call updates its row).
  const [received, setReceived] = useState<LeadBroadcastMessage[]>([]);
  useLeadBroadcasts((message) => {
    if (message.practice_id && message.practice_id !== practiceId) return;
    setReceived((current) => [...current, message].slice(-RECEIVED_KEPT));
  });
  const rows = useMemo(
    () => received.reduce<LiveEventRow[]>(applyEvent, rowsOf(loaded ?? [])),
    [loaded, received],
  );
  const shown = visibleRows(rows);
  const live = status.state === 'open';
  return (
    <Card variant="outlined" data-testid="live-lead-events">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Typography variant="h6" component="h3">
            {translate('pp.analytics.realtime.lead_events')}
          </Typography>
          <Chip
            size="small"
            color={live ? 'success' : 'default'}
            label={translate(live ? 'pp.analytics.realtime.live' : 'pp.analytics.realtime.connecting')}
            data-testid="lead-events-badge"
          />
        </Box>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{translate('pp.analytics.realtime.no_lead_events')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('pp.analytics.realtime.columns.channel')}</TableCell>
                  <TableCell>{translate('pp.analytics.realtime.columns.lead')}</TableCell>
                  <TableCell>{translate('pp.analytics.realtime.columns.direction')}</TableCell>
                  <TableCell>{translate('pp.analytics.realtime.columns.status')}</TableCell>
                  <TableCell>{translate('pp.analytics.realtime.columns.time')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => {
                  const unfinished = isUnfinishedCall(row);
                  return (
                    <TableRow
                      key={row.id}
                      data-testid="lead-event-row"
                      data-channel={row.channel}
                      data-unfinished={unfinished ? 'true' : undefined}
                      sx={unfinished ? { animation: `${pulse} 1.6s ease-in-out infinite` } : undefined}
                    >
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          <ChannelIcon channel={row.channel} direction={row.direction} />
                          {translate(`pp.analytics.realtime.channels.${row.channel}`)}
                        </Box>
                      </TableCell>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/leads/${encodeURIComponent(row.person.person_id)}`}
                        >
                          {row.person.name || translate('pp.analytics.overview.unknown_contact')}
                        </Link>
                      </TableCell>
                      <TableCell>{translate(`pp.analytics.realtime.directions.${row.direction}`)}</TableCell>
                      <TableCell data-testid="lead-event-status">{row.status}</TableCell>
                      <TableCell>{relativeTime(row.timestamp)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
