import { Injectable } from '@nestjs/common';
import {
  CustomStrategy,
  KafkaContext,
  KafkaOptions,
  KafkaRetriableException,
  ServerKafka,
} from '@nestjs/microservices';
import { EventHeaders } from '@pp/contracts';
import { Partitioners } from 'kafkajs';
import { Correlation } from '../logging/correlation';
import { kafkaClientConfig } from './kafka-options';

/** Whether this service's consumer group is joined; readiness reports it. One per application. */
@Injectable()
export class KafkaConsumerStatus {
  hasConsumer = false;
  joined = false;
}

/** @nestjs/microservices' Kafka server, also reporting when its consumer group has joined. */
class PlatformKafkaServer extends ServerKafka {
  constructor(
    options: KafkaOptions['options'],
    private readonly consumerStatus: KafkaConsumerStatus,
  ) {
    super(options ?? {});
  }

  override registerConsumerEventListeners(): void {
    super.registerConsumerEventListeners();
    if (!this.consumer) return;
    this.consumerStatus.hasConsumer = true;
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => (this.consumerStatus.joined = true));
    this.consumer.on(this.consumer.events.REBALANCING, () => (this.consumerStatus.joined = false));
    this.consumer.on(this.consumer.events.CRASH, () => (this.consumerStatus.joined = false));
    this.consumer.on(this.consumer.events.STOP, () => (this.consumerStatus.joined = false));
  }
}

/**
 * The Kafka consumer of a service, for `app.connectMicroservice`. Handlers are `@EventPattern(topic)`
 * methods; each consumer group reads from the latest offset when it is new.
 */
export function kafkaConsumerStrategy(
  options: { clientId: string; groupId: string; brokers: string[]; fromBeginning?: boolean },
  status: KafkaConsumerStatus,
): CustomStrategy {
  return {
    strategy: new PlatformKafkaServer(
      {
        client: kafkaClientConfig(options.clientId, options.brokers),
        consumer: {
          groupId: options.groupId,
          sessionTimeout: 10000,
          heartbeatInterval: 1000,
          allowAutoTopicCreation: true,
        },
        subscribe: { fromBeginning: options.fromBeginning ?? false },
        producer: { createPartitioner: Partitioners.DefaultPartitioner },
        postfixId: '',
      },
      status,
    ),
  };
}

/**
 * Runs a Kafka handler with the message's correlation id bound to its logs. A failure is rethrown as
 * retriable so the message is redelivered rather than skipped.
 */
export async function handleKafkaEvent(
  context: KafkaContext,
  handler: () => Promise<unknown>,
): Promise<void> {
  const headers = context.getMessage().headers ?? {};
  const correlationId = headers[EventHeaders.correlationId]?.toString();
  await Correlation.run(correlationId, async () => {
    try {
      await handler();
    } catch (error) {
      throw new KafkaRetriableException(error instanceof Error ? error.message : String(error));
    }
  });
}
