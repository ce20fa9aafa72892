import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  Currency,
  Pricing,
  PricingHistoryEntry,
  PricingUnit,
  ProcedureSearchResult,
  ProcedureSummaryItem,
  SeedFromExtractedResponse,
} from '@pp/contracts';
import { CURRENCIES, PRICING_UNITS } from '@pp/contracts';

export class PricingResponse implements Pricing {
  @ApiProperty({ type: Number, nullable: true }) min: number | null;
  @ApiProperty({ type: Number, nullable: true }) max: number | null;
  @ApiProperty({ enum: PRICING_UNITS }) unit: PricingUnit;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
}

export class ProcedureSummaryItemResponse implements ProcedureSummaryItem {
  @ApiProperty({ format: 'uuid' }) procedure_id: string;
  @ApiProperty({ example: 'Botox' }) procedure_name: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) category_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Injectables' }) category_name: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) parent_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Neurotoxins' }) parent_name: string | null;
  @ApiProperty({ description: 'Pricing rows, ended ones included' }) history_count: number;
  @ApiProperty({ description: 'A current promotion applies to it' }) has_promotion: boolean;
  @ApiProperty({
    description:
      'all_locations {offered, pricing {min, max, unit, currency} | null, practice_procedure_id}; locations keyed by location id {offered, pricing, location_name}',
    type: 'object',
    additionalProperties: true,
  })
  offerings: ProcedureSummaryItem['offerings'];
}

export class ProcedureSearchResultResponse implements ProcedureSearchResult {
  @ApiProperty({ format: 'uuid' }) procedure_id: string;
  @ApiProperty({ example: 'Botox' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'Neurotoxins' }) parent_name: string | null;
}

export class PricingHistoryEntryResponse implements PricingHistoryEntry {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: all locations' })
  location_id: string | null;
  @ApiProperty({ example: 'All locations' }) location_name: string;
  @ApiProperty({ type: Number, nullable: true }) price_min: number | null;
  @ApiProperty({ type: Number, nullable: true }) price_max: number | null;
  @ApiProperty({ enum: PRICING_UNITS }) unit: PricingUnit;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ format: 'date-time' }) effective_start: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'null: current' })
  effective_end: string | null;
}

export class SeedFromExtractedResponseDto implements SeedFromExtractedResponse {
  @ApiProperty() chunks_scanned: number;
  @ApiProperty() procedures_found: number;
  @ApiProperty() offerings_created: number;
  @ApiProperty() prices_set: number;
  @ApiProperty({ type: 'array', items: { type: 'object' } })
  procedures: SeedFromExtractedResponse['procedures'];
}
