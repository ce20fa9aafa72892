import { ApiProperty } from '@nestjs/swagger';
import type {
  AnalyticsEventDirection,
  AnalyticsMetricsResponse,
  ChartPoint,
  MetricValue,
  OverviewMetrics,
  ProcedureDistributionItem,
  RecentAnalyticsEvent,
} from '@pp/contracts';
import { PracticeApiMessages } from '@pp/contracts';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** Query of `GET /analytics/metrics`: inclusive days on the practice's clock. The service checks the dates. */
export class OverviewMetricsQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;

  @ApiProperty({ example: '2030-03-01', description: 'YYYY-MM-DD, the first day of the period' })
  @IsOptional()
  start_date?: string;

  @ApiProperty({ example: '2030-03-30', description: 'YYYY-MM-DD, the last day (at most 366 days)' })
  @IsOptional()
  end_date?: string;
}

export class MetricValueDoc implements MetricValue {
  @ApiProperty({ example: 1250 })
  value: number;

  @ApiProperty({
    example: 12.5,
    description: 'Percent against the previous period of the same length, one decimal',
  })
  change_percent: number;
}

export class OverviewMetricsDoc implements OverviewMetrics {
  @ApiProperty({ type: MetricValueDoc, description: 'Estimated value of the scheduled consults, dollars' })
  conv_value: MetricValueDoc;

  @ApiProperty({ type: MetricValueDoc, description: 'Minutes of staff work the automated actions saved' })
  time_saved: MetricValueDoc;

  @ApiProperty({ type: MetricValueDoc, description: 'New leads in the period' })
  leads: MetricValueDoc;

  @ApiProperty({ type: MetricValueDoc, description: 'Appointments booked in the period (not cancelled)' })
  scheduled_consults: MetricValueDoc;
}

export class ProcedureDistributionItemDoc implements ProcedureDistributionItem {
  @ApiProperty({ example: 'Botox' })
  procedure_name: string;

  @ApiProperty({ example: 4 })
  lead_count: number;

  @ApiProperty({ example: 72, description: '0..100' })
  avg_interest_score: number;
}

export class ChartPointDoc implements ChartPoint {
  @ApiProperty({ example: '2030-03-01' })
  date: string;

  @ApiProperty({ example: 3 })
  leads: number;
}

export class RecentAnalyticsEventDoc implements RecentAnalyticsEvent {
  @ApiProperty()
  event_id: string;

  @ApiProperty({ example: 'sms_sent' })
  type: string;

  @ApiProperty({ enum: ['incoming', 'outgoing', 'unknown'] })
  direction: AnalyticsEventDirection;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  contact_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  contact_name: string | null;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: String, nullable: true, example: 'delivered' })
  status: string | null;
}

export class AnalyticsMetricsResponseDoc implements AnalyticsMetricsResponse {
  @ApiProperty({ type: OverviewMetricsDoc })
  metrics: OverviewMetricsDoc;

  @ApiProperty({ type: [ProcedureDistributionItemDoc], description: "Most leads first; the rest as 'Other'" })
  procedure_distribution: ProcedureDistributionItemDoc[];

  @ApiProperty({ example: 5 })
  total_unique_procedures: number;

  @ApiProperty({ type: [ChartPointDoc], description: "Every day of the period on the practice's clock" })
  chart_data: ChartPointDoc[];

  @ApiProperty({ type: [RecentAnalyticsEventDoc], description: 'Communication events, newest first (50)' })
  recent_events: RecentAnalyticsEventDoc[];
}
