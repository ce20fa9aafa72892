import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ControlMode, FOLLOW_UP_HOURS, LEAD_ACTIONS, LeadAction, LeadActionRequest } from '@pp/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * `POST /people/{id}/actions` (docs/product/leads.md#calls). Rules that depend on the action (a message for SMS, a phone
 * for a call) are the service's; of several failed rules of one field the topmost speaks.
 */
export class LeadActionDto implements LeadActionRequest {
  @ApiProperty({ enum: LEAD_ACTIONS })
  @IsIn(LEAD_ACTIONS, { message: `action must be one of: ${LEAD_ACTIONS.join(', ')}` })
  action: LeadAction;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(5000, { message: 'The notes are too long (5000 characters at most)' })
  notes?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'subject must be text' })
  @MaxLength(300, { message: 'The subject is too long (300 characters at most)' })
  subject?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'message must be text' })
  @MaxLength(5000, { message: 'The message is too long (5000 characters at most)' })
  message?: string;

  @ApiPropertyOptional({ enum: FOLLOW_UP_HOURS, default: 24 })
  @IsOptional()
  @IsIn(FOLLOW_UP_HOURS, { message: `follow_up_hours must be one of ${FOLLOW_UP_HOURS.join(', ')}` })
  follow_up_hours?: number;

  @ApiPropertyOptional({ enum: ['ai', 'human'] })
  @IsOptional()
  @IsIn(['ai', 'human'], { message: "control_mode must be 'ai' or 'human'" })
  control_mode?: ControlMode;
}
