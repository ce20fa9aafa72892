import type { AnalyticsMetricsResponse } from '@pp/contracts';
import { procedureColour } from '../leads/format/procedure';
import {
  chartPoints,
  eventTypeLabel,
  formatDollars,
  formatDuration,
  formatPercent,
  isEmptyAnalytics,
  OTHER_COLOUR,
  shortDay,
  sliceColour,
  SUMMARY_CARDS,
  totalLeads,
  trendOf,
  trendText,
} from './overviewRules';

const zero = { value: 0, change_percent: 0 };
const emptyAnswer = (): AnalyticsMetricsResponse => ({
  metrics: { conv_value: zero, time_saved: zero, leads: zero, scheduled_consults: zero },
  procedure_distribution: [],
  total_unique_procedures: 0,
  chart_data: [
    { date: '2026-11-01', leads: 0 },
    { date: '2026-11-02', leads: 0 },
  ],
  recent_events: [],
});

describe('the summary cards', () => {
  it('say up, down or no change by the sign of change_percent', () => {
    expect(trendText(12.5)).toBe('Up from last period');
    expect(trendText(0.01)).toBe('Up from last period');
    expect(trendText(-3)).toBe('Down from last period');
    expect(trendText(0)).toBe('No change from last period');
    expect(trendText(Number.NaN)).toBe('No change from last period');
    expect(trendOf(-0.4)).toBe('down');
  });

  it('show the change with one decimal and its sign', () => {
    expect(formatPercent(12.5)).toBe('+12.5%');
    expect(formatPercent(12)).toBe('+12.0%');
    expect(formatPercent(-3.04)).toBe('-3.0%');
    expect(formatPercent(100)).toBe('+100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(0.04)).toBe('0.0%');
  });

  it('show dollars with thousands separators', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(950)).toBe('$950');
    expect(formatDollars(12345)).toBe('$12,345');
    expect(formatDollars(1234567.6)).toBe('$1,234,568');
  });

  it('show time saved through the duration text', () => {
    expect(formatDuration(0)).toBe('0 mins');
    expect(formatDuration(-5)).toBe('0 mins');
    expect(formatDuration(45)).toBe('45 mins');
    expect(formatDuration(60)).toBe('1 h 0 m');
    expect(formatDuration(135)).toBe('2 h 15 m');
    expect(formatDuration(1440)).toBe('1 d 0 h');
    expect(formatDuration(3000)).toBe('2 d 2 h');
  });

  it('come in the spec order', () => {
    expect(SUMMARY_CARDS.map((card) => card.key)).toEqual([
      'conv_value',
      'time_saved',
      'leads',
      'scheduled_consults',
    ]);
    expect(SUMMARY_CARDS[0].format(2500)).toBe('$2,500');
    expect(SUMMARY_CARDS[1].format(90)).toBe('1 h 30 m');
    expect(SUMMARY_CARDS[2].format(1200)).toBe('1,200');
  });
});

describe('the procedure donut', () => {
  it("colours a slice by its procedure name, and 'Other' grey", () => {
    expect(sliceColour('Botox')).toBe(procedureColour('Botox').fg);
    expect(sliceColour('botox ')).toBe(sliceColour('Botox'));
    expect(sliceColour('Other')).toBe(OTHER_COLOUR);
    expect(sliceColour('other')).toBe(OTHER_COLOUR);
    expect(OTHER_COLOUR).toBe('#9E9E9E');
    expect(sliceColour('Laser hair removal')).not.toBe(OTHER_COLOUR);
  });
});

describe('the lead volume chart', () => {
  it('labels days by short month and day, with no time zone shift', () => {
    expect(shortDay('2026-11-01')).toBe('Nov 1');
    expect(shortDay('2026-01-31')).toBe('Jan 31');
    expect(shortDay('not a day')).toBe('not a day');
  });

  it('keeps zero days and sums the period', () => {
    const data = [
      { date: '2026-11-01', leads: 2 },
      { date: '2026-11-02', leads: 0 },
      { date: '2026-11-03', leads: 5 },
    ];
    expect(chartPoints(data)).toEqual([
      { date: '2026-11-01', label: 'Nov 1', leads: 2 },
      { date: '2026-11-02', label: 'Nov 2', leads: 0 },
      { date: '2026-11-03', label: 'Nov 3', leads: 5 },
    ]);
    expect(totalLeads(data)).toBe(7);
  });
});

describe('the empty state', () => {
  it('is no answer, or an answer with nothing in it', () => {
    expect(isEmptyAnalytics(null)).toBe(true);
    expect(isEmptyAnalytics(emptyAnswer())).toBe(true);
  });

  it('is not a period with any activity', () => {
    const withLead = emptyAnswer();
    withLead.chart_data[1].leads = 1;
    expect(isEmptyAnalytics(withLead)).toBe(false);
    const withSaving = emptyAnswer();
    withSaving.metrics.time_saved = { value: 5, change_percent: 100 };
    expect(isEmptyAnalytics(withSaving)).toBe(false);
  });
});

it('labels event types in words', () => {
  expect(eventTypeLabel('sms_sent')).toBe('Sms sent');
  expect(eventTypeLabel('phone_call_completed')).toBe('Phone call completed');
});
