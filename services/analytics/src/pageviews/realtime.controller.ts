import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RealtimeLeadEvent, RealtimePageviewsResponse } from '@pp/contracts';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import {
  RealtimeEventsQuery,
  RealtimeLeadEventDoc,
  RealtimePageviewsQuery,
  RealtimePageviewsResponseDoc,
} from './realtime.dto';
import { RealtimeService } from './realtime.service';

/** Realtime Activity (docs/product/analytics.md#live-activity): the practice's recent pageviews and lead events. */
@ApiTags('analytics')
@ApiBearerAuth()
@Controller('api/v1/analytics/realtime')
export class RealtimeController {
  constructor(private readonly realtime: RealtimeService) {}

  @Get('pageviews')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The practice's pageviews of the last `seconds` (default 1800), newest first" })
  @ApiOkResponse({ type: RealtimePageviewsResponseDoc })
  @ApiErrors(401, 404, 422)
  pageviews(
    @CurrentIdentity() identity: Identity,
    @Query() query: RealtimePageviewsQuery,
  ): Promise<RealtimePageviewsResponse> {
    return this.realtime.pageviews(identity, query.practice_id, query.seconds);
  }

  @Get('events')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "The practice's last 100 lead events, newest first, as the live connection sends them",
  })
  @ApiOkResponse({ type: [RealtimeLeadEventDoc] })
  @ApiErrors(401, 404, 422)
  events(
    @CurrentIdentity() identity: Identity,
    @Query() query: RealtimeEventsQuery,
  ): Promise<RealtimeLeadEvent[]> {
    return this.realtime.leadEvents(identity, query.practice_id);
  }
}
