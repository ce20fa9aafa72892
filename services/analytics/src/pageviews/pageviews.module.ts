import { Module } from '@nestjs/common';
import { LeadLinksService } from './lead-links.service';
import { PageviewIngestService } from './pageview-ingest.service';
import { PageviewsConsumer } from './pageviews.consumer';
import { RealtimeController } from './realtime.controller';
import { RealtimeService } from './realtime.service';

/** The pageview pipeline: tracking.pageviews into tables, people.lead-events' links (LeadLinksService), and the Realtime calls. */
@Module({
  controllers: [RealtimeController],
  providers: [PageviewIngestService, LeadLinksService, PageviewsConsumer, RealtimeService],
  exports: [LeadLinksService],
})
export class PageviewsModule {}
