import { Controller, DynamicModule, Injectable, Module } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { EventEnvelope, Topics } from '@pp/contracts';
import {
  createTestDatabase,
  eventually,
  RunningService,
  startTestService,
  TestDatabase,
  testTopic,
} from '@pp/testing';
import { Kafka, Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { ServiceDefinition } from '../src/bootstrap';
import { baseConfigSchema } from '../src/config/config';
import { Inbox } from '../src/database/inbox.service';
import { outboxInboxUpSql } from '../src/database/outbox.entities';
import { handleKafkaEvent, KafkaBatchHandlers } from '../src/kafka/kafka.consumer';
import { PlatformModule, ServiceConfig } from '../src/platform.module';

const SCHEMA = 'platform_batch_consumer_test';
const BATCH_TOPIC = Topics.trackingPageviews;
const MESSAGE_TOPIC = Topics.knowledgeChanges;

class CreateInbox1700000000000 implements MigrationInterface {
  name = 'CreateInbox1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxUpSql(SCHEMA)) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

const practiceId = randomUUID();
/** Batches that held one of this test's events, each as the ids it held; and the ids applied, in order. */
const deliveries: string[][] = [];
const applied: string[] = [];
const messages: string[] = [];
let failNext = false;

/** A batch handler that fails a batch once when asked to, as a transient fault would. */
@Injectable()
class BatchConsumer {
  constructor(inbox: Inbox, batches: KafkaBatchHandlers) {
    batches.register(BATCH_TOPIC, async (events) => {
      const own = events
        .map((event) => event.value as EventEnvelope)
        .filter((event) => event?.practice_id === practiceId);
      if (own.length === 0) return;
      deliveries.push(own.map((event) => event.event_id));
      await inbox.onceEach('batch-consumer', own, async (_manager, fresh) => {
        if (failNext) {
          failNext = false;
          throw new Error('transient fault');
        }
        applied.push(...fresh.map((event) => event.event_id));
      });
    });
  }
}

/** A one-message-at-a-time handler in the same service (it then consumes every topic with eachBatch). */
@Controller()
class MessageConsumer {
  @EventPattern(MESSAGE_TOPIC)
  async onEvent(@Payload() event: EventEnvelope, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      if (event?.practice_id === practiceId) messages.push(event.event_id);
    });
  }
}

const database = { schema: SCHEMA, entities: [], migrations: [CreateInbox1700000000000] };

@Module({})
class BatchTestModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: BatchTestModule,
      imports: [PlatformModule.forRoot({ config, database })],
      controllers: [MessageConsumer],
      providers: [BatchConsumer],
    };
  }
}

const definition: ServiceDefinition<ServiceConfig> = {
  name: 'platform-batch-consumer-test',
  configSchema: baseConfigSchema.extend({ PORT: z.coerce.number().default(0) }),
  module: (config) => BatchTestModule.forRoot(config),
  consumerGroup: () => `platform-batch-consumer-test-${randomUUID()}`,
  openApi: false,
};

describe('Kafka batch consumers (real Kafka and PostgreSQL)', () => {
  let db: TestDatabase;
  let service: RunningService<ServiceConfig>;
  let producer: Producer;

  beforeAll(async () => {
    db = await createTestDatabase('batch_consumer');
    service = await startTestService(definition, database, { DATABASE_URL: db.url });
    producer = new Kafka({ brokers: service.config.KAFKA_BROKERS, logLevel: 0 }).producer();
    await producer.connect();
    // A new group starts at the latest offset once its first fetch resolves: publish until one arrives.
    await eventually(async () => {
      const probe = newEvent();
      await publish(BATCH_TOPIC, [probe]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return applied.includes(probe.event_id) || undefined;
    }, 20_000);
  });

  afterAll(async () => {
    await producer.disconnect();
    await service.close();
    await db.drop();
  });

  const publish = (topic: string, events: EventEnvelope[]) =>
    producer.send({
      topic: testTopic(topic),
      messages: events.map((event) => ({ key: event.practice_id, value: JSON.stringify(event) })),
    });
  const newEvent = (): EventEnvelope => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type: 'test_event',
  });

  it('hands a batch over in order, applies each event once, and redelivers a batch that failed', async () => {
    const events = [newEvent(), newEvent(), newEvent()];
    failNext = true;
    // One produce request: the three and a repeat of the first land in one partition, in this order.
    await publish(BATCH_TOPIC, [...events, events[0]]);
    const ids = events.map((event) => event.event_id);
    await eventually(async () => ids.every((id) => applied.includes(id)), 20_000);
    // The failed delivery held them, and they came again.
    expect(deliveries.filter((batch) => batch.includes(ids[0])).length).toBeGreaterThanOrEqual(2);
    expect(applied.filter((id) => ids.includes(id))).toEqual(ids);

    // Delivered again later (a rebalance): nothing is applied twice.
    await publish(BATCH_TOPIC, events);
    await eventually(
      async () => deliveries.filter((batch) => batch.includes(ids[2])).length >= 3 || undefined,
      20_000,
    );
    expect(applied.filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('still hands the service’s other topics to their @EventPattern handlers, one message at a time', async () => {
    const event = await eventually(async () => {
      const candidate = newEvent();
      await publish(MESSAGE_TOPIC, [candidate]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return messages.includes(candidate.event_id) ? candidate : undefined;
    }, 20_000);
    expect(messages).toContain(event.event_id);
  });
});
