import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STAGES } from '@pp/contracts';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

export class CreatePersonDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'practice_id must be a valid id' })
  practice_id: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  first_name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  last_name?: string;

  @ApiPropertyOptional({ example: '(555) 123-4567' })
  @IsOptional()
  @Matches(/^\D*(1\D*)?(\d\D*){10}$/, { message: 'Please enter a valid 10-digit phone number' })
  primary_phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  primary_email?: string;

  @ApiPropertyOptional({ enum: LEAD_STAGES })
  @IsOptional()
  @IsIn(LEAD_STAGES, { message: `stage must be one of: ${LEAD_STAGES.join(', ')}` })
  stage?: string;
}
