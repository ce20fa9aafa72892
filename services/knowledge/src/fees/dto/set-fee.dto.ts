import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ConsultationModality, Currency, SetConsultationFeeRequest } from '@pp/contracts';
import { CONSULTATION_MODALITIES, ProcedureApiMessages } from '@pp/contracts';
import { IsIn, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { BooleanField, CurrencyField, emptyAsNull, LocationField } from '../../procedures/dto/pricing-fields';

/** `POST procedures/{practice_id}/consultation-fees` (docs/product/settings.md#consultation-fee-validation). */
export class SetConsultationFeeDto implements SetConsultationFeeRequest {
  @LocationField()
  location_id?: string | null;

  @ApiProperty({ enum: CONSULTATION_MODALITIES })
  @IsIn(CONSULTATION_MODALITIES, { message: ProcedureApiMessages.modalityInvalid })
  modality: ConsultationModality;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null when free' })
  @emptyAsNull()
  @IsOptional()
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: ProcedureApiMessages.feeInvalid },
  )
  @Min(0, { message: ProcedureApiMessages.feeInvalid })
  @Max(1_000_000, { message: ProcedureApiMessages.feeInvalid })
  fee?: number | null;

  @CurrencyField()
  currency?: Currency;

  @BooleanField('is_free', 'Free makes the fee null')
  is_free?: boolean;
}
