import { ApiProperty } from '@nestjs/swagger';
import { TimelineEventDto } from '@pp/contracts';
import { jsonObject } from '../persons/responses/person.response';

export class TimelineEventResponse implements TimelineEventDto {
  @ApiProperty({ format: 'uuid' })
  event_id: string;

  @ApiProperty({ format: 'uuid' })
  person_id: string;

  @ApiProperty({ example: 'sms_received' })
  event_type: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: String, nullable: true })
  session_id: string | null;

  @ApiProperty({ type: String, nullable: true })
  source_identifier: string | null;

  @ApiProperty({ ...jsonObject, description: 'What happened (message, channel, page ...), by event type' })
  content_data: Record<string, unknown>;

  @ApiProperty({ ...jsonObject, description: 'Who and why (source, performed_by_name, ai_reasoning ...)' })
  event_metadata: Record<string, unknown>;
}
