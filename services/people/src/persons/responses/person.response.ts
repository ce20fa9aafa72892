import { ApiProperty } from '@nestjs/swagger';
import {
  BehavioralInsights,
  EnrichmentData,
  LANGUAGES,
  LEAD_STAGES,
  LeadListResponse,
  LeadStatsResponse,
  OutreachStateDto,
  PersonDto,
} from '@pp/contracts';

/** A free-form JSON object in the document (its keys are described in docs/product/leads.md). */
export const jsonObject = { type: 'object', additionalProperties: true } as const;

/** A lead as every people route returns it. */
export class PersonResponse implements PersonDto {
  @ApiProperty({ format: 'uuid' })
  person_id: string;

  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ana' })
  first_name: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Ruiz' })
  last_name: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'E.164', example: '+12145550134' })
  primary_phone: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'ana@mail.example' })
  primary_email: string | null;

  @ApiProperty({ enum: LEAD_STAGES, example: 'Lead' })
  stage: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_activity_at: string | null;

  @ApiProperty({ description: 'New inbound activity staff have not opened yet' })
  is_unseen: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_seen_at: string | null;

  @ApiProperty({ type: String, enum: ['escalate', 'approval'], nullable: true })
  pending_review_type: string | null;

  @ApiProperty({ ...jsonObject, description: '{control_mode: ai | human, opted_out?, ai_insights?}' })
  current_outreach_state: OutreachStateDto;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  next_scheduled_action: string | null;

  @ApiProperty({ ...jsonObject, nullable: true, description: 'Profile data found about the lead' })
  enrichment_data: EnrichmentData | null;

  @ApiProperty({ ...jsonObject, nullable: true, description: 'The AI analysis (may arrive as JSON text)' })
  behavioral_insights: BehavioralInsights | string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the first inquiry (a website form) was received',
  })
  first_inquiry_at: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Seconds from the first inquiry to the first outreach sent or put up for review',
    example: 2.4,
  })
  speed_to_lead_seconds: number | null;

  @ApiProperty({ type: String, nullable: true, enum: LANGUAGES, description: 'As the AI understood it' })
  language: string | null;
}

export class LeadListResponseDto implements LeadListResponse {
  @ApiProperty({ type: [PersonResponse] })
  items: PersonResponse[];

  @ApiProperty({ type: String, nullable: true, description: 'Older leads: pass as `after`; null at the end' })
  next_cursor: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Newer leads: pass as `before`; null at the top',
  })
  prev_cursor: string | null;
}

export class LeadStatsResponseDto implements LeadStatsResponse {
  @ApiProperty({ example: 850 })
  total: number;

  @ApiProperty({ description: 'Leads waiting for staff (an escalation or an AI decision)', example: 12 })
  needs_review: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Every stage, zero included',
    example: { Lead: 120, Escalated: 4 },
  })
  by_stage: Record<string, number>;
}
