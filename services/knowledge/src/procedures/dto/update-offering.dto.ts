import { ApiProperty } from '@nestjs/swagger';
import type { Currency, PricingUnit, UpdateOfferingRequest } from '@pp/contracts';
import { IsBoolean, IsUUID } from 'class-validator';
import { BooleanField, CurrencyField, LocationField, PriceField, UnitField } from './pricing-fields';

/**
 * `POST procedures/{practice_id}/update-offering` (docs/product/settings.md#procedure-calls): stop offering
 * (is_offered false) or offer and price (is_offered true with any of price_min, price_max, unit, currency; a
 * field left out keeps the current row's value).
 */
export class UpdateOfferingDto implements UpdateOfferingRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'procedure_id must be a UUID' })
  procedure_id: string;

  @LocationField()
  location_id?: string | null;

  @ApiProperty()
  @IsBoolean({ message: 'is_offered must be true or false' })
  is_offered: boolean;

  @BooleanField('end_pricing_when_disabled', 'default true')
  end_pricing_when_disabled?: boolean;

  @PriceField()
  price_min?: number | null;

  @PriceField()
  price_max?: number | null;

  @UnitField()
  unit?: PricingUnit;

  @CurrencyField()
  currency?: Currency;
}
