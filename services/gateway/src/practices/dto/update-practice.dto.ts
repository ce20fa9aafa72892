import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '@pp/platform';
import { IsIn, IsNotEmpty, IsObject, IsString, MaxLength, ValidateIf } from 'class-validator';
import { AUTOMATION_LEVELS, AutomationLevel } from '../practice.entity';
import { PracticeMessages } from '../practice.exception';

export class UpdatePracticeDto {
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsString({ message: PracticeMessages.nameRequired })
  @IsNotEmpty({ message: PracticeMessages.nameRequired })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ nullable: true, example: 'https://glowaesthetics.com' })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString({ message: PracticeMessages.website })
  @MaxLength(2048)
  website_url?: string | null;

  @ApiPropertyOptional({ enum: AUTOMATION_LEVELS })
  @OptionalNotNull()
  @IsIn(AUTOMATION_LEVELS, { message: `automation_level must be one of: ${AUTOMATION_LEVELS.join(', ')}` })
  automation_level?: AutomationLevel;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Partial: keys sent replace stored ones, a key sent as null is removed; enabled, channels ' +
      '{email, phone, sms, chat: {enabled}}, enforce_location_filtering, plus other keys (3 levels, 8 KB at most)',
  })
  @OptionalNotNull()
  @IsObject({ message: 'outreach_preferences must be an object' })
  outreach_preferences?: Record<string, unknown>;
}
