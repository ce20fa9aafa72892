import { Injectable } from '@nestjs/common';
import { Topics } from '@pp/contracts';
import { KafkaBatchHandlers } from '@pp/platform';
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
