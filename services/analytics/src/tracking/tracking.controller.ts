import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import type { FastifyRequest } from 'fastify';
import { TrackingBatchDto, TrackingBatchResponseDto } from './dto/tracking-batch.dto';
import { trackingCaller } from './tracking-route';
import { TrackingService } from './tracking.service';

/**
 * The public tracking ingress: a practice's website posts its visitors' pageviews and forms here. The route and
 * its contract are declared here; requests are answered by the same call from a plain Fastify handler that
 * replaces this method's when Nest registers the route (serveTrackingRoute in tracking-route.ts: Nest's
 * per-request machinery cost a quarter of the ingress's CPU).
 */
@ApiTags('tracking')
@Controller('api/v1/tracking')
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  @Post('events')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Accept a batch of website events (public, no token; CORS open): answered once Kafka has them',
  })
  @ApiBody({ type: TrackingBatchDto })
  @ApiAcceptedResponse({ type: TrackingBatchResponseDto })
  @ApiErrors(404, 413, 422, 429, 503)
  // The body is checked by the service (tracking-rules.ts), rule by rule with the event it is in.
  events(@Body() body: unknown, @Req() request: FastifyRequest) {
    return this.tracking.ingest(body, trackingCaller(request));
  }
}
