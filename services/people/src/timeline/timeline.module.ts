import { Global, Module } from '@nestjs/common';
import { LeadActivity } from './lead-activity';
import { TimelineController } from './timeline.controller';
import { TimelineService } from './timeline.service';

/** Shared by every feature that changes a lead; also serves a lead's timeline. */
@Global()
@Module({
  controllers: [TimelineController],
  providers: [LeadActivity, TimelineService],
  exports: [LeadActivity],
})
export class TimelineModule {}
