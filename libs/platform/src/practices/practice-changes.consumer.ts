import { Controller, Injectable } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { Topics } from '@pp/contracts';
import { handleKafkaEvent } from '../kafka/kafka.consumer';
import { PracticeReadModel } from './practice-read-model.service';

/** What a service does with an event of `practice.changes` besides its read model. */
export type PracticeChangeListener = (event: unknown) => Promise<void>;

/**
 * The service's own uses of `practice.changes` (knowledge reads a new practice's pages): a provider registers
 * its listener when it is made, and each event is handed to it after the read model applied it, in the topic's
 * order. A listener must be idempotent (a failure redelivers the event).
 */
@Injectable()
export class PracticeChangeListeners {
  private readonly listeners: PracticeChangeListener[] = [];

  register(listener: PracticeChangeListener): void {
    this.listeners.push(listener);
  }

  async notify(event: unknown): Promise<void> {
    for (const listener of this.listeners) await listener(event);
  }
}

/** Consumes practice.changes into the service's read model of practices and locations. */
@Controller()
export class PracticeChangesConsumer {
  constructor(
    private readonly readModel: PracticeReadModel,
    private readonly listeners: PracticeChangeListeners,
  ) {}

  @EventPattern(Topics.practiceChanges)
  async onPracticeChange(@Payload() event: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      await this.readModel.apply(event);
      await this.listeners.notify(event);
    });
  }
}
