import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  TRACKING_EVENT_TYPES,
  TRACKING_LIMITS,
  TrackingBatchInput,
  TrackingBatchResponse,
  TrackingEventInput,
} from '@pp/contracts';

/**
 * The documented shape of a tracking batch. The ingress checks the body itself (tracking-rules.ts), so that
 * each broken rule is named with the event it is in.
 */
export class TrackingEventDto implements TrackingEventInput {
  @ApiProperty({
    description: 'Unique per event (a UUID): a repeated id creates nothing new',
    maxLength: 200,
  })
  event_id: string;

  @ApiProperty({
    enum: TRACKING_EVENT_TYPES,
    description: 'heartbeat (while the page is visible) and pageleave (hidden or left) time the pageview',
  })
  type: TrackingEventInput['type'];

  @ApiProperty({ maxLength: 200 })
  visitor_id: string;

  @ApiProperty({ maxLength: 200 })
  session_id: string;

  @ApiProperty({ example: 'https://www.glowaesthetics.example/contact', description: 'http or https' })
  url: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TRACKING_LIMITS.maxTitleLength })
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TRACKING_LIMITS.maxUrlLength })
  referrer?: string | null;

  @ApiProperty({
    format: 'date-time',
    description: 'A time ahead of the server is taken as the receive time',
  })
  occurred_at: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: TRACKING_LIMITS.maxFieldValueLength },
    description: `Form fields as the website names them (type form): at most ${TRACKING_LIMITS.maxFieldsPerForm}, names up to ${TRACKING_LIMITS.maxFieldNameLength} characters`,
  })
  fields?: Record<string, string>;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    description:
      'heartbeat and pageleave: the event_id of the pageview they time (absent: the visitor’s latest pageview of the url)',
  })
  pageview_id?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 86400,
    description: 'heartbeat and pageleave: seconds on the page so far (absent: the time since the pageview)',
  })
  duration_seconds?: number | null;
}

export class TrackingBatchDto implements TrackingBatchInput {
  @ApiProperty({ example: 'site_glow_demo', description: 'The practice’s public site key' })
  site_key: string;

  @ApiProperty({ type: [TrackingEventDto], minItems: 1, maxItems: TRACKING_LIMITS.maxEvents })
  events: TrackingEventDto[];
}

export class TrackingBatchResponseDto implements TrackingBatchResponse {
  @ApiProperty({ description: 'How many events were accepted (acknowledged by Kafka)', example: 1 })
  accepted: number;
}
