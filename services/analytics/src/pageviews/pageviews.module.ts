import { Module } from '@nestjs/common';
import { LeadLinksService } from './lead-links.service';
import { PageviewIngestService } from './pageview-ingest.service';
import { LeadEventsConsumer, PageviewsConsumer } from './pageviews.consumer';
import { RealtimeController } from './realtime.controller';
import { RealtimeService } from './realtime.service';

/** The pageview pipeline: tracking.pageviews and people.lead-events into tables, and the Realtime calls. */
@Module({
  controllers: [RealtimeController, LeadEventsConsumer],
  providers: [PageviewIngestService, LeadLinksService, PageviewsConsumer, RealtimeService],
})
export class PageviewsModule {}
