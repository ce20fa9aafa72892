import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '@pp/platform';
import { IntakeService } from './intake.service';

/** Consumes tracking.forms: keeps each form and enqueues its take-in (inbox-deduplicated in the service). */
@Controller()
export class FormsConsumer {
  constructor(private readonly intake: IntakeService) {}

  @EventPattern(Topics.trackingForms)
  async onForm(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.intake.apply(event));
  }
}
