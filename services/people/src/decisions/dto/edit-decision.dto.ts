import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { EditDecisionRequest } from '@pp/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export const EditDecisionMessages = {
  blank: 'Please enter the corrected message',
  tooLong: 'The corrected message is too long (5000 characters at most)',
} as const;

/**
 * `POST /people/{id}/edit-decision` (docs/product/leads.md#calls, lead-panel.md#edit-dialog). Of several failed
 * rules the topmost speaks.
 */
export class EditDecisionDto implements EditDecisionRequest {
  @ApiProperty()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsNotEmpty({ message: EditDecisionMessages.blank })
  @IsString({ message: EditDecisionMessages.blank })
  @MaxLength(5000, { message: EditDecisionMessages.tooLong })
  corrected_message: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'remember_correction must be true or false' })
  remember_correction?: boolean;
}
