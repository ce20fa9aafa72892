import { Injectable, Module } from '@nestjs/common';
import { Topics } from '@pp/contracts';
import { KafkaBatchHandlers } from '@pp/platform';
import { OverviewIngest } from '../overview/overview-ingest.service';
import { OverviewModule } from '../overview/overview.module';
import { LeadLinksService } from '../pageviews/lead-links.service';
import { PageviewsModule } from '../pageviews/pageviews.module';

/**
 * people.lead-events a fetched batch at a time (a lead's life is about six events, a burst of forms thousands):
 * the Realtime feed and identity stitching (LeadLinksService), then the Overview's leads and messages
 * (OverviewIngest), each one transaction per batch. Both are idempotent, so a batch that fails in either is
 * delivered again and applied once.
 */
@Injectable()
export class LeadEventsConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(links: LeadLinksService, overview: OverviewIngest, batches: KafkaBatchHandlers) {
    batches.register(Topics.leadEvents, async (events) => {
      const values = events.map((event) => event.value);
      await links.applyBatch(values);
      await overview.applyLeadEvents(values);
    });
  }
}

@Module({
  imports: [PageviewsModule, OverviewModule],
  providers: [LeadEventsConsumer],
})
export class LeadEventsModule {}
