import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AnalyticsMetricsResponse } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { AnalyticsMetricsResponseDoc, OverviewMetricsQuery } from './overview.dto';
import { OverviewService } from './overview.service';

@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/v1/analytics')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      "The Overview of the inclusive days start_date..end_date (YYYY-MM-DD on the practice's clock, at most 366)",
  })
  @ApiOkResponse({ type: AnalyticsMetricsResponseDoc })
  @ApiErrors(401, 404, 422)
  metrics(
    @CurrentIdentity() identity: Identity,
    @Query() query: OverviewMetricsQuery,
  ): Promise<AnalyticsMetricsResponse> {
    return this.overview.metrics(identity, query.practice_id, query.start_date, query.end_date);
  }
}
