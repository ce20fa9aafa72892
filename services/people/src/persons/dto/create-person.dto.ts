import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LEAD_STAGES, LeadFieldMessages } from '@pp/contracts';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { STAGE_CHOICES_MESSAGE } from '../person-patch';

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
  @Matches(/^\D*(1\D*)?(\d\D*){10}$/, { message: LeadFieldMessages.phone })
  primary_phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail({}, { message: LeadFieldMessages.email })
  @MaxLength(254)
  primary_email?: string;

  @ApiPropertyOptional({ enum: LEAD_STAGES })
  @IsOptional()
  @IsIn(LEAD_STAGES, { message: STAGE_CHOICES_MESSAGE })
  stage?: string;
}
