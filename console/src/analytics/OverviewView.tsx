import TrendingDown from '@mui/icons-material/TrendingDown';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import TrendingUp from '@mui/icons-material/TrendingUp';
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
import type { AnalyticsMetricsResponse, MetricValue } from '@pp/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ErrorState } from '../common/ErrorState';
import { useSelectedPracticeId } from '../practices/selectedPractice';
import { useMetrics } from './analyticsQueries';
import { ANALYTICS } from './constants';
import { DateRangePicker } from './DateRangePicker';
import { defaultRange, type DayRange } from './dateRange';
import {
  chartPoints,
  eventTypeLabel,
  formatCount,
  formatPercent,
  isEmptyAnalytics,
  sliceColour,
  SUMMARY_CARDS,
  totalLeads,
  trendOf,
  trendText,
  type MetricKey,
} from './overviewRules';
import { relativeTime } from './relativeTime';

const CARD_TEXTS: Record<MetricKey, { title: string; text: string }> = {
  conv_value: {
    title: 'pp.analytics.overview.cards.conv_value',
    text: 'pp.analytics.overview.cards.conv_value_text',
  },
  time_saved: {
    title: 'pp.analytics.overview.cards.time_saved',
    text: 'pp.analytics.overview.cards.time_saved_text',
  },
  leads: { title: 'pp.analytics.overview.cards.leads', text: 'pp.analytics.overview.cards.leads_text' },
  scheduled_consults: {
    title: 'pp.analytics.overview.cards.scheduled_consults',
    text: 'pp.analytics.overview.cards.scheduled_consults_text',
  },
};

/**
 * The Overview (docs/product/analytics.md#overview): the date range (the last 30 days by default), the summary
 * cards, the procedure donut, the lead volume chart and the events table, with loading, empty and error states.
 */
export function OverviewView() {
  const translate = useTranslate();
  const practiceId = useSelectedPracticeId();
  const [range, setRange] = useState<DayRange | null>(() => defaultRange());
  const { data, error, isLoading, refetch } = useMetrics(practiceId, range);

  let body;
  if (isLoading) {
    body = (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 6, justifyContent: 'center' }}
        role="status"
      >
        <CircularProgress size={22} />
        <Typography>{translate('pp.analytics.overview.loading')}</Typography>
      </Box>
    );
  } else if (error) {
    body = (
      <ErrorState
        testId="analytics-error"
        title={translate('pp.analytics.overview.failed')}
        message={(error as Error).message}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data || isEmptyAnalytics(data)) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="analytics-empty">
        {translate('pp.analytics.overview.empty')}
      </Typography>
    );
  } else {
    body = <OverviewContent data={data} />;
  }

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h5" component="h2">
          {translate('pp.analytics.overview.title')}
        </Typography>
        <DateRangePicker value={range} onChange={setRange} />
      </Box>
      {body}
    </Box>
  );
}

function OverviewContent({ data }: { data: AnalyticsMetricsResponse }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        data-testid="summary-cards"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {SUMMARY_CARDS.map(({ key, format }) => (
          <SummaryCard key={key} metric={key} value={data.metrics[key]} format={format} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' } }}>
        <ProcedureInterests data={data} />
        <LeadVolume data={data} />
      </Box>
      <EventsTable events={data.recent_events ?? []} />
    </Box>
  );
}

function SummaryCard({
  metric,
  value,
  format,
}: {
  metric: MetricKey;
  value: MetricValue | undefined;
  format: (value: number) => string;
}) {
  const translate = useTranslate();
  const change = value?.change_percent ?? 0;
  const trend = trendOf(change);
  const Icon = trend === 'up' ? TrendingUp : trend === 'down' ? TrendingDown : TrendingFlat;
  const colour = trend === 'up' ? 'success.main' : trend === 'down' ? 'error.main' : 'text.secondary';
  return (
    <Card variant="outlined" data-testid={`card-${metric}`} data-trend={trend}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h3">
          {translate(CARD_TEXTS[metric].title)}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            columnGap: 1,
          }}
        >
          <Typography variant="h5" component="p" data-testid="card-value">
            {format(value?.value ?? 0)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: colour }}>
            <Icon fontSize="small" aria-hidden />
            <Typography variant="body2" component="span" data-testid="card-change">
              {formatPercent(change)}
            </Typography>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ color: colour, mt: 0.5 }} data-testid="card-trend">
          {trendText(change)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(CARD_TEXTS[metric].text)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ProcedureInterests({ data }: { data: AnalyticsMetricsResponse }) {
  const translate = useTranslate();
  const items = data.procedure_distribution ?? [];
  return (
    <Card variant="outlined" data-testid="procedure-interests">
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('pp.analytics.overview.procedures')}
        </Typography>
        {items.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography>{translate('pp.analytics.overview.procedures_empty')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('pp.analytics.overview.procedures_empty_text')}
            </Typography>
          </Box>
        ) : (
          <>
            <Box sx={{ position: 'relative', height: 200 }}>
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 200, height: 200 }}>
                <PieChart>
                  <Pie
                    data={items}
                    dataKey="lead_count"
                    nameKey="procedure_name"
                    innerRadius="60%"
                    outerRadius="85%"
                    isAnimationActive={false}
                  >
                    {items.map((item) => (
                      <Cell key={item.procedure_name} fill={sliceColour(item.procedure_name)} />
                    ))}
                  </Pie>
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  justifyContent: 'center',
                  pointerEvents: 'none',
                }}
                data-testid="procedures-centre"
              >
                <Typography variant="h5" component="span">
                  {formatCount(data.total_unique_procedures ?? items.length)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {translate('pp.analytics.overview.procedures_centre')}
                </Typography>
              </Box>
            </Box>
            <Box
              component="ul"
              data-testid="procedure-legend"
              sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: ANALYTICS.legendMaxHeight, overflowY: 'auto' }}
            >
              {items.map((item) => (
                <Box
                  component="li"
                  key={item.procedure_name}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
                >
                  <Box
                    data-testid="legend-swatch"
                    data-colour={sliceColour(item.procedure_name)}
                    sx={{
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: sliceColour(item.procedure_name),
                      flexShrink: 0,
                    }}
                  />
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                    {item.procedure_name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('pp.analytics.overview.procedures_leads', {
                      count: formatCount(item.lead_count),
                    })}
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LeadVolume({ data }: { data: AnalyticsMetricsResponse }) {
  const translate = useTranslate();
  const points = chartPoints(data.chart_data ?? []);
  return (
    <Card variant="outlined" data-testid="lead-volume">
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate('pp.analytics.overview.lead_volume')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom data-testid="lead-volume-total">
          {translate('pp.analytics.overview.lead_volume_total', {
            count: formatCount(totalLeads(data.chart_data ?? [])),
          })}
        </Typography>
        <Box sx={{ height: 260 }} data-points={points.length}>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 260 }}>
            <AreaChart data={points} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Area
                type="monotone"
                dataKey="leads"
                name={translate('pp.analytics.overview.cards.leads')}
                stroke="#3F51B5"
                fill="#3F51B5"
                fillOpacity={0.2}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

function EventsTable({ events }: { events: AnalyticsMetricsResponse['recent_events'] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="events-table">
      <CardContent>
        <Typography variant="h6" component="h3">
          {translate('pp.analytics.overview.events')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom data-testid="events-count">
          {translate('pp.analytics.overview.events_count', { count: formatCount(events.length) })}
        </Typography>
        {events.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate('pp.analytics.overview.events_empty')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('pp.analytics.overview.columns.type')}</TableCell>
                  <TableCell>{translate('pp.analytics.overview.columns.contact')}</TableCell>
                  <TableCell>{translate('pp.analytics.overview.columns.time')}</TableCell>
                  <TableCell>{translate('pp.analytics.overview.columns.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((event) => {
                  const name =
                    event.contact_name?.trim() || translate('pp.analytics.overview.unknown_contact');
                  return (
                    <TableRow key={event.event_id} data-testid="event-row">
                      <TableCell>{eventTypeLabel(event.type)}</TableCell>
                      <TableCell>
                        {event.contact_id ? (
                          <Link component={RouterLink} to={`/leads/${encodeURIComponent(event.contact_id)}`}>
                            {name}
                          </Link>
                        ) : (
                          name
                        )}
                      </TableCell>
                      <TableCell title={new Date(event.timestamp).toLocaleString('en-US')}>
                        {relativeTime(event.timestamp)}
                      </TableCell>
                      <TableCell>
                        {event.status ? (
                          <Chip size="small" label={event.status} data-testid="event-status" />
                        ) : (
                          translate('pp.analytics.overview.no_status')
                        )}
                      </TableCell>
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
