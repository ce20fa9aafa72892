import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Identity } from '@pp/platform';
import { personIdPipe } from '../persons/person-id.pipe';
import { EventsQuery } from './dto/events.query';
import { TimelineService } from './timeline.service';

@ApiTags('people')
@Controller('api/v1/people')
export class TimelineController {
  constructor(private readonly timeline: TimelineService) {}

  @Get(':personId/events')
  events(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Query() query: EventsQuery,
  ) {
    return this.timeline.latest(identity, id, query.limit);
  }
}
