import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { CreateOfferingDto } from './dto/create-offering.dto';
import { HistoryQuery, SearchProceduresQuery } from './dto/procedure-queries.dto';
import { UpdateOfferingDto } from './dto/update-offering.dto';
import { procedureIdPipe } from './procedure-id.pipe';
import {
  PricingHistoryEntryResponse,
  ProcedureSearchResultResponse,
  ProcedureSummaryItemResponse,
  SeedFromExtractedResponseDto,
} from './procedure.responses';
import { ProceduresService } from './procedures.service';

/** Procedure pricing (docs/product/settings.md#procedure-calls). */
@ApiTags('procedures')
@ApiBearerAuth()
@Controller('api/v1/procedures')
export class ProceduresController {
  constructor(private readonly procedures: ProceduresService) {}

  @Get(':practiceId/summary')
  @ApiOperation({ summary: 'The procedures the practice offers, with prices per place' })
  @ApiOkResponse({ type: ProcedureSummaryItemResponse, isArray: true })
  @ApiErrors(401, 404)
  summary(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.procedures.summary(identity, practiceId);
  }

  @Get(':practiceId/search')
  @ApiOperation({ summary: 'Find procedures by name, parent name or synonym' })
  @ApiOkResponse({ type: ProcedureSearchResultResponse, isArray: true })
  @ApiErrors(401, 404, 422)
  search(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Query() query: SearchProceduresQuery,
  ) {
    return this.procedures.search(identity, practiceId, query.q);
  }

  @Get(':practiceId/history/:procedureId')
  @ApiOperation({ summary: 'Every price a procedure had, newest first' })
  @ApiOkResponse({ type: PricingHistoryEntryResponse, isArray: true })
  @ApiErrors(401, 404, 422)
  history(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('procedureId', procedureIdPipe) procedureId: string,
    @Query() query: HistoryQuery,
  ) {
    return this.procedures.history(identity, practiceId, procedureId, query.location_id);
  }

  @Post(':practiceId/seed-from-extracted')
  @HttpCode(200)
  @ApiOperation({ summary: "Offer and price the procedures found in the practice's website pages" })
  @ApiOkResponse({ type: SeedFromExtractedResponseDto })
  @ApiErrors(401, 404)
  seed(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.procedures.seedFromExtracted(identity, practiceId);
  }

  @Post(':practiceId/create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add pricing: offer an existing or a new procedure at all locations or one' })
  @ApiOkResponse({ type: ProcedureSummaryItemResponse })
  @ApiErrors(401, 404, 422)
  create(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: CreateOfferingDto,
  ) {
    return this.procedures.create(identity, practiceId, dto);
  }

  @Post(':practiceId/update-offering')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop offering a procedure at a place, or offer it there with a new price' })
  @ApiOkResponse({ type: ProcedureSummaryItemResponse })
  @ApiErrors(401, 404, 422)
  updateOffering(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: UpdateOfferingDto,
  ) {
    return this.procedures.updateOffering(identity, practiceId, dto);
  }
}
