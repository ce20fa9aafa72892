import { Controller, Injectable } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent, KafkaBatchHandlers } from '@pp/platform';
import { LeadLinksService } from './lead-links.service';
import { PageviewIngestService } from './pageview-ingest.service';

/**
 * Consumes tracking.pageviews a fetched batch at a time (one transaction per batch, the offsets committed by the
 * platform only after it returned): a batch that fails or whose consumer dies is delivered again and inserts
 * nothing twice.
 */
@Injectable()
export class PageviewsConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(ingest: PageviewIngestService, batches: KafkaBatchHandlers) {
    batches.register(Topics.trackingPageviews, async (events) => {
      await ingest.applyBatch(events.map((event) => event.value));
    });
  }
}

/**
 * people.lead-events for the Realtime feed and identity stitching, one event at a time beside the Overview's
 * handler of the same topic (Nest runs both; a failure of either redelivers the event, which both apply once).
 */
@Controller()
export class LeadEventsConsumer {
  constructor(private readonly leads: LeadLinksService) {}

  @EventPattern(Topics.leadEvents)
  async onLeadEvent(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.leads.applyBatch([event]));
  }
}
