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
    private readonly fromBeginning: boolean | readonly string[] = false,
  ) {
    super(options ?? {});
  }

  /**
   * Subscribes the topics a new group reads from the beginning apart from the others (Nest subscribes every
   * pattern with one setting), then runs the consumer as Nest does.
   */
  override async bindEvents(consumer: Parameters<ServerKafka['bindEvents']>[0]): Promise<void> {
    const topics = [...this.messageHandlers.keys()];
    const fromBeginning = (topic: string) =>
      this.fromBeginning === true || (this.fromBeginning !== false && this.fromBeginning.includes(topic));
    const early = topics.filter(fromBeginning);
    const late = topics.filter((topic) => !fromBeginning(topic));
    if (early.length > 0) await consumer.subscribe({ topics: early, fromBeginning: true });
    if (late.length > 0) await consumer.subscribe({ topics: late, fromBeginning: false });
    await consumer.run({ ...(this.options.run ?? {}), eachMessage: this.getMessageHandler() });
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
 * methods; a new consumer group reads from the latest offset, except on the topics `fromBeginning` names (or
 * every topic when it is true).
 */
export function kafkaConsumerStrategy(
  options: {
    clientId: string;
    groupId: string;
    brokers: string[];
    fromBeginning?: boolean | readonly string[];
  },
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
        producer: { createPartitioner: Partitioners.DefaultPartitioner },
        postfixId: '',
      },
      status,
      options.fromBeginning ?? false,
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
