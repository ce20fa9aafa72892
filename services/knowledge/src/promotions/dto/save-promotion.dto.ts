import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PromotionType, SavePromotionRequest } from '@pp/contracts';
import { PROMOTION_TYPES } from '@pp/contracts';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { BooleanField, emptyAsNull, LocationField } from '../../procedures/dto/pricing-fields';

/**
 * `POST procedures/{practice_id}/promotions` (docs/product/settings.md#promotion-validation): the shapes here,
 * the rules in `promotion-rules.ts`.
 */
export class SavePromotionDto implements SavePromotionRequest {
  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'To edit that promotion',
  })
  @emptyAsNull()
  @IsOptional()
  @IsUUID('all', { message: 'promotion_id must be a UUID' })
  promotion_id?: string | null;

  @ApiProperty({ example: 'Summer Glow' })
  @IsString({ message: 'Please enter a promotion name' })
  @MaxLength(1000, { message: 'The promotion name is too long (200 characters at most)' })
  name: string;

  @ApiPropertyOptional({ enum: PROMOTION_TYPES, default: 'percent_discount' })
  @IsOptional()
  @IsString({ message: `The type must be one of ${PROMOTION_TYPES.join(', ')}` })
  type?: PromotionType;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @emptyAsNull()
  @IsOptional()
  amount?: number | null;

  @LocationField()
  location_id?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Procedure ids; empty: all procedures' })
  @IsOptional()
  @IsArray({ message: 'selected_procedures must be a list of procedure ids' })
  @ArrayMaxSize(500, { message: 'Select at most 500 procedures' })
  @IsUUID('all', { each: true, message: 'selected_procedures must be a list of procedure ids' })
  selected_procedures?: string[];

  @BooleanField('is_all_procedures')
  is_all_procedures?: boolean;

  @ApiProperty({
    example: '2026-06-01T00:00:00.000Z',
    description: 'The first day (YYYY-MM-DD or ISO timestamp)',
  })
  @IsString({ message: 'Choose a start and an end date' })
  start: string;

  @ApiProperty({
    example: '2026-06-30T00:00:00.000Z',
    description: 'The last day (YYYY-MM-DD or ISO timestamp)',
  })
  @IsString({ message: 'Choose a start and an end date' })
  end: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Not kept: always answered as null' })
  @IsOptional()
  @IsString({ message: 'terms must be text' })
  @MaxLength(5000, { message: 'terms are too long' })
  terms?: string | null;
}

export class PromotionListQuery {
  @ApiPropertyOptional({ enum: ['current', 'scheduled', 'expired'] })
  @IsOptional()
  @IsString({ message: 'status must be one of current, scheduled, expired' })
  status?: string;
}
