import { Controller, DynamicModule, Module } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import {
  createTestDatabase,
  eventually,
  startTestService,
  TestDatabase,
  testTopic,
  testTopicPrefix,
} from '@pp/testing';
import { Kafka, Producer } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { ServiceDefinition } from '../src/bootstrap';
import { baseConfigSchema } from '../src/config/config';
import { outboxInboxUpSql } from '../src/database/outbox.entities';
import { handleKafkaEvent } from '../src/kafka/kafka.consumer';
import { KafkaProducer } from '../src/kafka/kafka.producer';
import { PlatformModule, ServiceConfig } from '../src/platform.module';

// A topic of this file's own, so what its beginning holds is known (in the test run's topics, as the services
// @pp/testing starts read them: testTopic is its name on the broker).
const TOPIC = `pp-test-replay-${randomUUID()}`;
// One it reads from the end otherwise (not in consumeFromBeginning).
const LATE_TOPIC = `pp-test-replay-late-${randomUUID()}`;
// One key: one partition, so the order they were written in is the order they are read in.
const KEY = 'practice';
/** The ids the running service consumed, in order. */
let received: string[] = [];
/** The same for LATE_TOPIC. */
let receivedLate: string[] = [];

@Controller()
class ReplayConsumer {
  @EventPattern(TOPIC)
  async onEvent(@Payload() event: { id: string }, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      received.push(event.id);
    });
  }

  @EventPattern(LATE_TOPIC)
  async onLateEvent(@Payload() event: { id: string }, @Ctx() context: KafkaContext): Promise<void> {
    await handleKafkaEvent(context, async () => {
      receivedLate.push(event.id);
    });
  }
}

const SCHEMA = 'platform_replay_test';

class CreateOutbox1700000000000 implements MigrationInterface {
  name = 'CreateOutbox1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxUpSql(SCHEMA)) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

const database = { schema: SCHEMA, entities: [], migrations: [CreateOutbox1700000000000] };

@Module({})
class ReplayTestModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ReplayTestModule,
      imports: [PlatformModule.forRoot({ config, database })],
      controllers: [ReplayConsumer],
    };
  }
}

const definition: ServiceDefinition<ServiceConfig> = {
  name: 'platform-replay-test',
  configSchema: baseConfigSchema.extend({ PORT: z.coerce.number().default(0) }),
  module: (config) => ReplayTestModule.forRoot(config),
  // A new group on each start: the case KAFKA_REPLAY_SINCE is about.
  consumerGroup: () => `platform-replay-test-${randomUUID()}`,
  consumeFromBeginning: [TOPIC],
  openApi: false,
};

describe('Kafka settings of a stack: where a new group starts, which topics are its own (real Kafka)', () => {
  let db: TestDatabase;
  let producer: Producer;
  const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;

  beforeAll(async () => {
    db = await createTestDatabase('replay_since');
    producer = new Kafka({ brokers: [process.env.KAFKA_BROKERS ?? '127.0.0.1:9092'], logLevel: 0 }).producer({
      allowAutoTopicCreation: true,
    });
    await producer.connect();
    // History on both topics: one event written an hour ago, one ten minutes ago.
    for (const topic of [TOPIC, LATE_TOPIC]) {
      await producer.send({
        topic: testTopic(topic),
        messages: [
          { key: KEY, value: JSON.stringify({ id: 'an-hour-ago' }), timestamp: String(minutesAgo(60)) },
          { key: KEY, value: JSON.stringify({ id: 'ten-minutes-ago' }), timestamp: String(minutesAgo(10)) },
        ],
      });
    }
  });

  afterAll(async () => {
    await producer.disconnect();
    await db.drop();
  });

  /** What a service with these settings consumed of the topic's history, then of one event published after. */
  async function consumedWith(settings: Record<string, string>): Promise<string[]> {
    received = [];
    receivedLate = [];
    const service = await startTestService(definition, database, { DATABASE_URL: db.url, ...settings });
    try {
      const marker = `after-start-${randomUUID()}`;
      await producer.send({
        topic: testTopic(TOPIC),
        messages: [{ key: KEY, value: JSON.stringify({ id: marker }) }],
      });
      await producer.send({
        topic: testTopic(LATE_TOPIC),
        messages: [{ key: KEY, value: JSON.stringify({ id: marker }) }],
      });
      await eventually(async () => received.includes(marker) && receivedLate.includes(marker), 30_000);
      return received.filter((id) => !id.startsWith('after-start-')).concat('after-start');
    } finally {
      await service.close();
    }
  }

  const since = (minutes: number) => ({ KAFKA_REPLAY_SINCE: new Date(minutesAgo(minutes)).toISOString() });

  it('KAFKA_REPLAY_SINCE: a new group starts at the first event written at or after the given time', async () => {
    expect(await consumedWith(since(30))).toEqual(['ten-minutes-ago', 'after-start']);
  });

  it('KAFKA_REPLAY_SINCE: so does a topic the group otherwise reads from the end', async () => {
    await consumedWith(since(30));
    expect(receivedLate.filter((id) => !id.startsWith('after-start-'))).toEqual(['ten-minutes-ago']);
  });

  it('KAFKA_REPLAY_SINCE: a new group starts at the end when nothing was written since', async () => {
    expect(await consumedWith(since(1))).toEqual(['after-start']);
  });

  it('KAFKA_REPLAY_SINCE unset: a new group reads the whole topic', async () => {
    expect(await consumedWith({ KAFKA_REPLAY_SINCE: '' })).toEqual([
      'an-hour-ago',
      'ten-minutes-ago',
      'after-start',
    ]);
    // The topic it reads from the end: nothing of its history.
    expect(receivedLate.filter((id) => !id.startsWith('after-start-'))).toEqual([]);
  });

  it('a group that stopped before any message reached a partition resumes at its start, skipping nothing', async () => {
    // One group across two starts, as a service restarted by its supervisor (or a pod by Kubernetes) is.
    const group = `platform-replay-test-${randomUUID()}`;
    const restarting = { ...definition, consumerGroup: () => group };
    const settings = { DATABASE_URL: db.url, KAFKA_REPLAY_SINCE: '' };
    receivedLate = [];
    // First start: the group joins and reads LATE_TOPIC from its end; nothing new is written to it.
    await (await startTestService(restarting, database, settings)).close();
    // Written while the service is down.
    await producer.send({
      topic: testTopic(LATE_TOPIC),
      messages: [{ key: KEY, value: JSON.stringify({ id: 'while-down' }) }],
    });
    const service = await startTestService(restarting, database, settings);
    try {
      await producer.send({
        topic: testTopic(LATE_TOPIC),
        messages: [{ key: KEY, value: JSON.stringify({ id: 'after-start' }) }],
      });
      await eventually(async () => receivedLate.includes('after-start'), 30_000);
      expect(receivedLate).toEqual(['while-down', 'after-start']);
    } finally {
      await service.close();
    }
  });

  it("KAFKA_TOPIC_PREFIX: a stack reads and writes its own prefixed topics, never another stack's", async () => {
    // Inside the test run's prefix, so the run's teardown removes its topics too.
    const prefix = `${testTopicPrefix()}stack-${randomUUID().slice(0, 8)}.`;
    received = [];
    const service = await startTestService(definition, database, {
      DATABASE_URL: db.url,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_REPLAY_SINCE: '',
    });
    try {
      // The test run's topic (another stack's) holds the history above and gets one more event now.
      await producer.send({
        topic: testTopic(TOPIC),
        messages: [{ key: KEY, value: JSON.stringify({ id: 'other-stack' }) }],
      });
      // The service's own producer writes to its stack's topic, which its consumer reads.
      await service.app
        .get(KafkaProducer)
        .send([{ topic: TOPIC, key: KEY, value: JSON.stringify({ id: 'own-stack' }), headers: {} }]);
      await eventually(async () => received.includes('own-stack'), 30_000);
      // An event written straight to the prefixed name reaches it too.
      await producer.send({
        topic: prefix + TOPIC,
        messages: [{ key: KEY, value: JSON.stringify({ id: 'own-stack-2' }) }],
      });
      await eventually(async () => received.includes('own-stack-2'), 30_000);
      expect(received).toEqual(['own-stack', 'own-stack-2']);
    } finally {
      await service.close();
    }
  });
});
