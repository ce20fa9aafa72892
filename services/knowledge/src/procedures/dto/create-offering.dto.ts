import { ApiPropertyOptional } from '@nestjs/swagger';
import type { CreateProcedureOfferingRequest, Currency, PricingUnit } from '@pp/contracts';
import { ProcedureApiMessages } from '@pp/contracts';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import {
  BooleanField,
  CurrencyField,
  emptyAsNull,
  LocationField,
  PriceField,
  UnitField,
} from './pricing-fields';

/** `POST procedures/{practice_id}/create` (docs/product/settings.md#procedure-calls). */
export class CreateOfferingDto implements CreateProcedureOfferingRequest {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'An existing procedure' })
  @emptyAsNull()
  @IsOptional()
  @IsUUID('all', { message: 'procedure_id must be a UUID' })
  procedure_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A new name (or an existing one, any case)',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsOptional()
  @IsString({ message: 'procedure_name must be text' })
  @MaxLength(200, { message: ProcedureApiMessages.procedureNameTooLong })
  procedure_name?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @emptyAsNull()
  @IsOptional()
  @IsUUID('all', { message: 'parent_id must be a UUID' })
  parent_id?: string | null;

  @LocationField()
  location_id?: string | null;

  @BooleanField('is_offered', 'default true')
  is_offered?: boolean;

  @PriceField()
  price_min?: number | null;

  @PriceField()
  price_max?: number | null;

  @UnitField()
  unit?: PricingUnit;

  @CurrencyField()
  currency?: Currency;
}
