import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { OverviewIngest } from './overview-ingest.service';

/**
 * Feeds the Overview's read models: booked consults and the practice offer (leads and their messages come in
 * batches: src/lead-events).
 */
@Controller()
export class OverviewConsumer {
  constructor(private readonly ingest: OverviewIngest) {}

  @EventPattern(Topics.calendarAppointments)
  async onAppointmentEvent(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.ingest.applyAppointmentEvent(event));
  }

  @EventPattern(Topics.knowledgeChanges)
  async onKnowledgeChange(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.ingest.applyKnowledgeChange(event));
  }
}
