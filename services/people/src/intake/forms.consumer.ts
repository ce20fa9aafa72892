import { Injectable } from '@nestjs/common';
import { Topics } from '@pp/contracts';
import { KafkaBatchHandlers } from '@pp/platform';
import { IntakeService } from './intake.service';

/**
 * Consumes tracking.forms a fetched batch at a time: keeps the batch's forms and enqueues their take-in in one
 * transaction (inbox-deduplicated in the service), so a burst is not recorded at one commit per form.
 */
@Injectable()
export class FormsConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(intake: IntakeService, batches: KafkaBatchHandlers) {
    batches.register(Topics.trackingForms, async (events) => {
      await intake.applyBatch(events.map((event) => event.value));
    });
  }
}
