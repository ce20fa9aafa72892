import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { OverviewIngest } from './overview-ingest.service';

/** Feeds the Overview's read models: leads and their messages, booked consults, the practice offer. */
@Controller()
export class OverviewConsumer {
  constructor(private readonly ingest: OverviewIngest) {}

  @EventPattern(Topics.leadEvents)
  async onLeadEvent(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.ingest.applyLeadEvent(event));
  }

  @EventPattern(Topics.calendarAppointments)
  async onAppointmentEvent(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.ingest.applyAppointmentEvent(event));
  }

  @EventPattern(Topics.knowledgeChanges)
  async onKnowledgeChange(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.ingest.applyKnowledgeChange(event));
  }
}
