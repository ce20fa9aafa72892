import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { ConsultationFees } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { SetConsultationFeeDto } from './dto/set-fee.dto';
import { FeesService } from './fees.service';

const MODALITY_DOC = {
  type: 'object',
  nullable: true,
  description:
    'all_locations {policy_id, fee, currency, is_free} | null; locations keyed by id {fee, currency, is_free}',
  additionalProperties: true,
} as const;

/** The fee structure, keyed by modality; a modality without an active policy is absent. */
export class ConsultationFeesResponse implements ConsultationFees {
  @ApiPropertyOptional(MODALITY_DOC) medspa?: ConsultationFees['medspa'];
  @ApiPropertyOptional(MODALITY_DOC) surgery?: ConsultationFees['surgery'];
}

/** Consultation fees (docs/product/settings.md#procedure-calls). */
@ApiTags('procedures')
@ApiBearerAuth()
@Controller('api/v1/procedures')
export class FeesController {
  constructor(private readonly fees: FeesService) {}

  @Get(':practiceId/consultation-fees')
  @ApiOperation({ summary: 'The active consultation fees per modality' })
  @ApiOkResponse({ type: ConsultationFeesResponse })
  @ApiErrors(401, 404)
  get(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.fees.get(identity, practiceId);
  }

  @Post(':practiceId/consultation-fees')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a consultation fee for all locations or one' })
  @ApiOkResponse({ type: ConsultationFeesResponse })
  @ApiErrors(401, 404, 422)
  set(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: SetConsultationFeeDto,
  ) {
    return this.fees.set(identity, practiceId, dto);
  }

  @Delete(':practiceId/consultation-fees/modality/:modality')
  @ApiOperation({ summary: "Stop offering a modality's consultations (ends its active policies)" })
  @ApiOkResponse({ type: ConsultationFeesResponse })
  @ApiErrors(401, 404, 422)
  archive(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('modality') modality: string,
  ) {
    return this.fees.archive(identity, practiceId, modality);
  }
}
