import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '../kafka/kafka.consumer';
import { PracticeReadModel } from './practice-read-model.service';

/** Consumes practice.changes into the service's read model of practices and locations. */
@Controller()
export class PracticeChangesConsumer {
  constructor(private readonly readModel: PracticeReadModel) {}

  @EventPattern(Topics.practiceChanges)
  async onPracticeChange(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, () => this.readModel.apply(event));
  }
}
