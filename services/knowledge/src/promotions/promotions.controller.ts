import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Promotion, PromotionStatus, PromotionType } from '@pp/contracts';
import { PROMOTION_STATUSES, PROMOTION_TYPES } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { promotionIdPipe } from '../procedures/procedure-id.pipe';
import { PromotionListQuery, SavePromotionDto } from './dto/save-promotion.dto';
import { PromotionsService } from './promotions.service';

export class PromotionResponse implements Promotion {
  @ApiProperty({ format: 'uuid' }) promotion_id: string;
  @ApiProperty({ example: 'Summer Glow' }) name: string;
  @ApiProperty({ enum: PROMOTION_TYPES }) type: PromotionType;
  @ApiProperty({ type: Number, nullable: true }) amount: number | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) location_id: string | null;
  @ApiProperty({ type: String, nullable: true }) location_name: string | null;
  @ApiProperty({ example: 'All procedures' }) scope: string;
  @ApiProperty({ type: [String] }) selected_procedures: string[];
  @ApiProperty() is_all_procedures: boolean;
  @ApiProperty({ example: '2026-06-01', description: 'First day, YYYY-MM-DD in the practice time zone' })
  start: string;
  @ApiProperty({ example: '2026-06-30', description: 'Last day, YYYY-MM-DD in the practice time zone' })
  end: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null' }) terms: null;
  @ApiProperty({ enum: PROMOTION_STATUSES }) status: PromotionStatus;
}

/** Promotions (docs/product/settings.md#procedure-calls). */
@ApiTags('procedures')
@ApiBearerAuth()
@Controller('api/v1/procedures')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Get(':practiceId/promotions')
  @ApiOperation({ summary: "The practice's promotions, optionally of one status" })
  @ApiOkResponse({ type: PromotionResponse, isArray: true })
  @ApiErrors(401, 404, 422)
  list(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Query() query: PromotionListQuery,
  ) {
    return this.promotions.list(identity, practiceId, query.status);
  }

  @Post(':practiceId/promotions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a promotion, or edit one with promotion_id' })
  @ApiOkResponse({ type: PromotionResponse })
  @ApiErrors(401, 404, 422)
  save(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: SavePromotionDto,
  ) {
    return this.promotions.save(identity, practiceId, dto);
  }

  @Delete(':practiceId/promotions/:promotionId')
  @ApiOperation({ summary: 'End a current promotion early (archives it)' })
  @ApiOkResponse({ type: PromotionResponse })
  @ApiErrors(401, 404, 409)
  end(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('promotionId', promotionIdPipe) promotionId: string,
  ) {
    return this.promotions.end(identity, practiceId, promotionId);
  }
}
