import type { AnalyticsMetricsResponse, OverviewMetrics } from '@pp/contracts';
import { en } from '../i18n/en';
import { procedureColour } from '../leads/format/procedure';

/** Pure rules of the Overview (docs/product/analytics.md#overview). */

const t = en.pp.analytics;

export type Trend = 'up' | 'down' | 'none';

/** Above zero up, below zero down, zero (or not a number) no change. */
export function trendOf(changePercent: number): Trend {
  if (!Number.isFinite(changePercent) || changePercent === 0) return 'none';
  return changePercent > 0 ? 'up' : 'down';
}

/** 'Up from last period', 'Down from last period' or 'No change from last period'. */
export function trendText(changePercent: number): string {
  return t.overview.trend[trendOf(changePercent)];
}

/** The change with one decimal and its sign: '+12.5%', '-3.0%', '0.0%'. */
export function formatPercent(changePercent: number): string {
  const value = Number.isFinite(changePercent) ? changePercent : 0;
  const text = Math.abs(value).toFixed(1);
  if (text === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '-'}${text}%`;
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** A dollar amount with thousands separators, whole dollars: '$12,345'. */
export function formatDollars(value: number): string {
  return dollars.format(Number.isFinite(value) ? Math.round(value) : 0);
}

/** A whole number with thousands separators. */
export const formatCount = (value: number): string =>
  (Number.isFinite(value) ? value : 0).toLocaleString('en-US');

const fill = (template: string, values: Record<string, number>) =>
  template.replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * The duration text of a number of minutes (the Time Saved card): '0 mins', 'N mins' under an hour, 'N h M m'
 * under a day, then 'N d M h'. Negative or missing is '0 mins'.
 */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  const d = t.duration;
  if (total === 0) return d.zero;
  if (total < 60) return fill(d.minutes, { minutes: total });
  if (total < 1440) return fill(d.hours, { hours: Math.floor(total / 60), minutes: total % 60 });
  return fill(d.days, { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60) });
}

export type MetricKey = keyof OverviewMetrics;

/** The four summary cards, in order, with how each value is shown. */
export const SUMMARY_CARDS: readonly { key: MetricKey; format: (value: number) => string }[] = [
  { key: 'conv_value', format: formatDollars },
  { key: 'time_saved', format: formatDuration },
  { key: 'leads', format: formatCount },
  { key: 'scheduled_consults', format: formatCount },
];

/** The slice colour of 'Other'. */
export const OTHER_COLOUR = '#9E9E9E';

/** A slice's colour, derived from the procedure name (the procedure chips' colour); 'Other' is grey. */
export function sliceColour(procedureName: string): string {
  if (procedureName.trim().toLowerCase() === 'other') return OTHER_COLOUR;
  return procedureColour(procedureName).fg;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as short month and day ('Nov 3'), read as a calendar day (no time zone shift). */
export function shortDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${MONTHS[Number(match[2]) - 1] ?? ''} ${Number(match[3])}`;
}

/** The chart's points: every day the server sent (zero days included), labelled by short month and day. */
export function chartPoints(data: AnalyticsMetricsResponse['chart_data']) {
  return data.map((point) => ({ date: point.date, label: shortDay(point.date), leads: point.leads }));
}

export const totalLeads = (data: AnalyticsMetricsResponse['chart_data']): number =>
  data.reduce((sum, point) => sum + (Number.isFinite(point.leads) ? point.leads : 0), 0);

/**
 * 'No data available': no answer, or an answer with nothing in it (no metrics object, or every figure zero with no
 * procedures, no events and no lead on any day). A period with some activity shows everything, zero days included.
 */
export function isEmptyAnalytics(data: AnalyticsMetricsResponse | null | undefined): boolean {
  if (!data || !data.metrics) return true;
  const figures = Object.values(data.metrics).every((metric) => !metric?.value);
  return (
    figures &&
    (data.procedure_distribution ?? []).length === 0 &&
    (data.recent_events ?? []).length === 0 &&
    totalLeads(data.chart_data ?? []) === 0
  );
}

/** An event type as a label: 'sms_sent' → 'Sms sent'. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : type;
}
