import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  LeadBroadcastMessage,
  LeadBroadcastType,
  LeadPersonData,
  PracticeApiMessages,
  RealtimePageview,
  RealtimePageviewsResponse,
  TRAFFIC_SOURCES,
  TrafficSource,
} from '@pp/contracts';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** `?practice_id` of the realtime calls. */
export class RealtimeEventsQuery {
  @ApiProperty({ format: 'uuid' })
  @IsString({ message: PracticeApiMessages.practiceIdRequired })
  @IsNotEmpty({ message: PracticeApiMessages.practiceIdRequired })
  practice_id: string;
}

/** `?practice_id&seconds` of `GET /realtime/pageviews`; the service checks `seconds`. */
export class RealtimePageviewsQuery extends RealtimeEventsQuery {
  @ApiPropertyOptional({ type: Number, minimum: 1, maximum: 86400, default: 1800, description: 'The window' })
  @IsOptional()
  seconds?: string;
}

export class RealtimePageviewDoc implements RealtimePageview {
  @ApiProperty() url: string;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty({ enum: TRAFFIC_SOURCES }) source: TrafficSource;
  @ApiProperty() visitor_id: string;
  @ApiProperty({ type: Number, nullable: true }) latitude: number | null;
  @ApiProperty({ type: Number, nullable: true }) longitude: number | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'English name' }) country: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null while the visitor is still on the page' })
  duration_seconds: number | null;
  @ApiProperty() is_lead: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) person_id: string | null;
  @ApiProperty({ type: String, nullable: true }) person_name: string | null;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

export class RealtimePageviewsResponseDoc implements RealtimePageviewsResponse {
  @ApiProperty({ type: [RealtimePageviewDoc], description: 'Newest first, at most 1,000' })
  pageviews: RealtimePageviewDoc[];

  @ApiProperty({ description: 'Whole seconds over the sessions active in the window; 0 without any' })
  avg_session_duration_seconds: number;
}

export class RealtimeLeadEventDoc implements LeadBroadcastMessage {
  @ApiProperty({ enum: ['lead_created', 'lead_updated', 'event_appended'] }) type: LeadBroadcastType;
  @ApiProperty({ enum: ['lead_created', 'lead_updated', 'event_appended'] })
  broadcast_type: LeadBroadcastType;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty() event_type: string;
  @ApiProperty({ format: 'uuid' }) practice_id: string;
  @ApiProperty({ format: 'uuid' }) person_id: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) person_data: LeadPersonData;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'call_sid on phone events' })
  content_data: Record<string, unknown>;
}
