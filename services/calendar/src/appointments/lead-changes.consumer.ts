import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { LeadSnapshots } from './lead-snapshots.service';

/** Consumes people.lead-events: an appointment shows its lead's current name, email and phone. */
@Controller()
export class LeadChangesConsumer {
  constructor(private readonly snapshots: LeadSnapshots) {}

  @EventPattern(Topics.leadEvents)
  async onLeadEvent(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.snapshots.apply(event));
  }
}
