import { Injectable } from '@nestjs/common';
import { Topics } from '@pp/contracts';
import { KafkaBatchHandlers } from '@pp/platform';
import { LeadSnapshots } from './lead-snapshots.service';

/**
 * Consumes people.lead-events a fetched batch at a time (a lead is announced about five times, a burst of forms
 * thousands): an appointment shows its lead's current name, email and phone, and the lead directory knows them.
 * Idempotent (the inbox), so a batch that fails is delivered again and applied once.
 */
@Injectable()
export class LeadChangesConsumer {
  // Registered when the provider is made: the Kafka consumer starts before the modules' init hooks run.
  constructor(snapshots: LeadSnapshots, batches: KafkaBatchHandlers) {
    batches.register(Topics.leadEvents, async (events) => {
      await snapshots.applyBatch(events.map((event) => event.value));
    });
  }
}
