import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { EventsQuery } from './dto/events.query';
import { TimelineEventResponse } from './timeline-event.response';
import { TimelineService } from './timeline.service';

@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404, 422)
@Controller('api/v1/people')
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  @Get(':personId/events')
  @ApiOperation({ summary: 'A lead’s latest timeline events, newest first' })
  @ApiOkResponse({ type: [TimelineEventResponse] })
  events(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Query() query: EventsQuery,
  ) {
    return this.timeline.latest(identity, id, query.limit);
  }
}
