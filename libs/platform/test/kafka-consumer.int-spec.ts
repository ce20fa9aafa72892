import { Controller, DynamicModule, Module } from '@nestjs/common';
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
import { handleKafkaEvent } from '../src/kafka/kafka.consumer';
import { PlatformModule, ServiceConfig } from '../src/platform.module';

const SCHEMA = 'platform_consumer_test';
const TOPIC = Topics.knowledgeChanges;

class CreateInbox1700000000000 implements MigrationInterface {
  name = 'CreateInbox1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxUpSql(SCHEMA)) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

/** What the consumer saw: attempts per event id, and the events whose effect was applied. */
const attempts = new Map<string, number>();
const applied: string[] = [];

@Controller()
class FlakyConsumer {
  constructor(private readonly inbox: Inbox) {}

  /** Fails the first attempt of every event, as a transient fault would. */
  @EventPattern(TOPIC)
  async onEvent(@Payload() event: EventEnvelope, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      if (event?.practice_id !== practiceId) return;
      const seen = (attempts.get(event.event_id) ?? 0) + 1;
      attempts.set(event.event_id, seen);
      await this.inbox.once('flaky-consumer', event, async () => {
        if (seen === 1) throw new Error('transient fault');
        applied.push(event.event_id);
      });
    });
  }
}

const practiceId = randomUUID();
const database = { schema: SCHEMA, entities: [], migrations: [CreateInbox1700000000000] };

@Module({})
class ConsumerTestModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ConsumerTestModule,
      imports: [PlatformModule.forRoot({ config, database })],
      controllers: [FlakyConsumer],
    };
  }
}

const definition: ServiceDefinition<ServiceConfig> = {
  name: 'platform-consumer-test',
  configSchema: baseConfigSchema.extend({ PORT: z.coerce.number().default(0) }),
  module: (config) => ConsumerTestModule.forRoot(config),
  consumerGroup: () => `platform-consumer-test-${randomUUID()}`,
  openApi: false,
};

describe('Kafka consumers (real Kafka and PostgreSQL)', () => {
  let db: TestDatabase;
  let service: RunningService<ServiceConfig>;
  let producer: Producer;

  beforeAll(async () => {
    db = await createTestDatabase('consumer');
    service = await startTestService(definition, database, { DATABASE_URL: db.url });
    producer = new Kafka({ brokers: service.config.KAFKA_BROKERS, logLevel: 0 }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer.disconnect();
    await service.close();
    await db.drop();
  });

  const publish = (event: EventEnvelope) =>
    producer.send({
      topic: testTopic(TOPIC),
      messages: [{ key: event.practice_id, value: JSON.stringify(event) }],
    });
  const newEvent = (): EventEnvelope => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type: 'test_event',
  });

  it('redelivers an event whose handler failed, and applies it once', async () => {
    // A new group starts at the latest offset once its first fetch resolves: publish until one arrives.
    const event = await eventually(async () => {
      const candidate = newEvent();
      await publish(candidate);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return attempts.has(candidate.event_id) ? candidate : undefined;
    }, 20_000);
    await eventually(async () => applied.includes(event.event_id), 20_000);
    expect(attempts.get(event.event_id)).toBe(2);
    expect(applied.filter((id) => id === event.event_id)).toHaveLength(1);
  });

  it('skips an event delivered again after it was applied', async () => {
    const event = newEvent();
    await publish(event);
    await eventually(async () => applied.includes(event.event_id), 20_000);
    await publish(event); // the same event id again, as a redelivery after a rebalance would be
    await eventually(async () => (attempts.get(event.event_id) ?? 0) >= 3, 20_000);
    expect(applied.filter((id) => id === event.event_id)).toHaveLength(1);
  });
});
