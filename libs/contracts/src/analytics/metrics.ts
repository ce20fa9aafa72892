/**
 * `GET /api/v1/analytics/metrics?practice_id&start_date&end_date` (inclusive days, YYYY-MM-DD on the practice's
 * clock): the console's Overview (docs/product/analytics.md).
 */

/** A summary figure with its change against the previous period of the same length (percent, one decimal). */
export interface MetricValue {
  value: number;
  /** 0 when the previous period was 0 as well; 100 when only the previous period was 0. */
  change_percent: number;
}

/** The four summary cards, in the console's order. */
export interface OverviewMetrics {
  /** Estimated value of the scheduled consults, in dollars. */
  conv_value: MetricValue;
  /** Minutes of staff work the automated actions and responses saved. */
  time_saved: MetricValue;
  /** New leads in the period. */
  leads: MetricValue;
  /** Appointments booked in the period. */
  scheduled_consults: MetricValue;
}

export interface ProcedureDistributionItem {
  procedure_name: string;
  lead_count: number;
  /** 0..100: how strongly the period's leads showed interest in it, on average. */
  avg_interest_score: number;
}

/** One day of the period on the practice's clock; days with no lead are included with 0. */
export interface ChartPoint {
  /** YYYY-MM-DD. */
  date: string;
  leads: number;
}

export type AnalyticsEventDirection = 'incoming' | 'outgoing' | 'unknown';

/** A communication event of the period, newest first (the Events table). */
export interface RecentAnalyticsEvent {
  event_id: string;
  /** The timeline event type, e.g. sms_sent, email_received, phone_call_completed. */
  type: string;
  direction: AnalyticsEventDirection;
  /** The lead (person_id): the console links it to /leads/{contact_id}. */
  contact_id: string | null;
  contact_name: string | null;
  /** ISO 8601. */
  timestamp: string;
  status: string | null;
}

export interface AnalyticsMetricsResponse {
  metrics: OverviewMetrics;
  procedure_distribution: ProcedureDistributionItem[];
  total_unique_procedures: number;
  chart_data: ChartPoint[];
  recent_events: RecentAnalyticsEvent[];
}
