import { Injectable } from '@nestjs/common';
import { Topics } from '@pp/contracts';
import { KafkaBatchHandlers } from '@pp/platform';
import { WebSessionsService } from './web-sessions.service';

/**
 * Consumes analytics.lead-pageviews a fetched batch at a time (one transaction per batch, inbox-deduplicated in
 * the service; the platform commits the offsets after it returned): a backfill of a visitor's pages is one commit.
 */
@Injectable()
export class WebSessionsConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(sessions: WebSessionsService, batches: KafkaBatchHandlers) {
    batches.register(Topics.analyticsLeadPageviews, async (events) => {
      await sessions.applyBatch(events.map((event) => event.value));
    });
  }
}
