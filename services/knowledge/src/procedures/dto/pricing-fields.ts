import { CURRENCIES, MAX_PRICE, PRICING_UNITS, ProcedureApiMessages } from '@pp/contracts';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNumber, IsOptional, IsUUID, Max, Min } from 'class-validator';

/** An empty string means null (docs/product/settings.md#pricing-validation); a numeric text is a number. */
export const emptyAsNull = () =>
  Transform(({ value }) => {
    if (value === '') return null;
    if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return value;
  });

/** A price (min or max): null, or 0 to 10,000,000 with at most 2 decimals. */
export const PriceField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, example: 12 }),
    emptyAsNull(),
    IsOptional(),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: ProcedureApiMessages.priceInvalid },
    ),
    Min(0, { message: ProcedureApiMessages.priceInvalid }),
    Max(MAX_PRICE, { message: ProcedureApiMessages.priceInvalid }),
  );

export const UnitField = () =>
  applyDecorators(
    ApiPropertyOptional({ enum: PRICING_UNITS }),
    IsOptional(),
    IsIn(PRICING_UNITS, { message: ProcedureApiMessages.unitInvalid }),
  );

export const CurrencyField = () =>
  applyDecorators(
    ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' }),
    IsOptional(),
    IsIn(CURRENCIES, { message: ProcedureApiMessages.currencyInvalid }),
  );

/** A location of the practice, or null for all locations. */
export const LocationField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'null: all locations' }),
    emptyAsNull(),
    IsOptional(),
    IsUUID('all', { message: 'location_id must be a UUID or null' }),
  );

export const BooleanField = (name: string, description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    IsOptional(),
    IsBoolean({ message: `${name} must be true or false` }),
  );
