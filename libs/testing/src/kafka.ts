import { EventEnvelope, Topic } from '@pp/contracts';
import { TopicNames } from '@pp/platform';
import { Consumer, Kafka, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { isTestRunPrefix, newTestRunPrefix } from './test-run-topics';

/**
 * This test run's KAFKA_TOPIC_PREFIX: chosen once by the integration tests' global setup
 * (libs/testing/jest/global-setup.ts) and handed to every test worker in the environment, so all files of one run
 * agree; a process started without it picks one of its own (and hands it to its children the same way). Every
 * service `@pp/testing` starts gets it, and publishEvents and TopicReader use it.
 */
export function testTopicPrefix(): string {
  if (!isTestRunPrefix(process.env.KAFKA_TOPIC_PREFIX ?? ''))
    process.env.KAFKA_TOPIC_PREFIX = newTestRunPrefix();
  return process.env.KAFKA_TOPIC_PREFIX!;
}

/** The broker's name of a topic of this test run (libs/platform's TopicNames). */
export function testTopic(topic: string): string {
  return new TopicNames(testTopicPrefix()).toBroker(topic);
}

/** The broker's name of a consumer group of this test run, as the platform names a service's group. */
export function testConsumerGroup(group: string): string {
  return new TopicNames(testTopicPrefix()).consumerGroup(group);
}

/** Where publishEvents and TopicReader work: this run's topics unless told otherwise. */
export interface TestTopicOptions {
  /** KAFKA_TOPIC_PREFIX of the stack whose topic it is ('' for a running `npm start`'s); default this run's. */
  topicPrefix?: string;
}

function brokerTopic(topic: string, options: TestTopicOptions): string {
  return new TopicNames(options.topicPrefix ?? testTopicPrefix()).toBroker(topic);
}

/**
 * Makes the run's topics that do not exist yet (the broker's default partitions) and waits for their leaders: for
 * a test's own kafkajs consumer, which cannot subscribe to a topic nobody wrote to yet (a service's consumer makes
 * its topics itself). Returns their names on the broker.
 */
export async function createTestTopics(
  brokers: string[],
  topics: readonly string[],
  options: TestTopicOptions = {},
): Promise<string[]> {
  const names = topics.map((topic) => brokerTopic(topic, options));
  const admin = new Kafka({ brokers, logLevel: 0 }).admin();
  await admin.connect();
  try {
    await admin
      .createTopics({ topics: names.map((topic) => ({ topic })), waitForLeaders: true })
      .catch(() => false);
    // A topic another process made a moment ago may have no leader yet (createTopics waits for its own only).
    for (let attempt = 0; attempt < 50; attempt++) {
      const led = await admin
        .fetchTopicMetadata({ topics: names })
        .then(({ topics: found }) =>
          found.every(({ partitions }) => partitions.every(({ leader }) => leader >= 0)),
        )
        .catch(() => false);
      if (led) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return names;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Publishes events on a topic as their producing service would (real Kafka, keyed by practice id so they keep
 * their order), for tests of a consumer whose producer is another service: on this test run's topic, where the
 * services it started read.
 */
export async function publishEvents(
  brokers: string[],
  topic: Topic,
  events: readonly EventEnvelope[],
  options: TestTopicOptions = {},
): Promise<void> {
  const producer = new Kafka({ brokers, logLevel: 0 }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  try {
    await producer.send({
      topic: brokerTopic(topic, options),
      messages: events.map((event) => ({ key: event.practice_id, value: JSON.stringify(event) })),
    });
  } finally {
    await producer.disconnect();
  }
}

/** A message a TopicReader saw: its key, headers and JSON value. */
export interface ReadMessage<T = Record<string, unknown>> {
  key: string | null;
  headers: Record<string, string>;
  value: T;
}

/**
 * Reads what is published on a topic from now on (real Kafka), for tests of a producer: it starts at the
 * topic's current end offsets (fetched before it returns, so nothing published afterwards is missed, with no
 * race against the consumer group's start-up). This test run's topic unless told otherwise; filter by a practice
 * id the test owns: other test files of the run share the topic.
 */
export class TopicReader<T = Record<string, unknown>> {
  readonly messages: ReadMessage<T>[] = [];

  private constructor(private readonly consumer: Consumer) {}

  static async start<T = Record<string, unknown>>(
    brokers: string[],
    own: Topic,
    options: TestTopicOptions = {},
  ): Promise<TopicReader<T>> {
    const [topic] = await createTestTopics(brokers, [own], options);
    // The run's group even on another stack's topic: removed with the run's topics.
    const group = testConsumerGroup(`test-reader-${randomUUID()}`);
    const kafka = new Kafka({ brokers, logLevel: 0 });
    const admin = kafka.admin();
    await admin.connect();
    let ends: { partition: number; offset: string }[];
    try {
      ends = await admin.fetchTopicOffsets(topic);
    } finally {
      await admin.disconnect();
    }
    const consumer = kafka.consumer({ groupId: group, maxWaitTimeInMs: 500 });
    const reader = new TopicReader<T>(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        reader.messages.push({
          key: message.key?.toString() ?? null,
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
          value: JSON.parse(message.value?.toString() ?? 'null') as T,
        });
      },
    });
    for (const { partition, offset } of ends) consumer.seek({ topic, partition, offset });
    return reader;
  }

  /** The messages seen so far that match. */
  where(match: (message: ReadMessage<T>) => boolean): ReadMessage<T>[] {
    return this.messages.filter(match);
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}

/**
 * Settings for a service of a test that works on the demo tenants' fixed ids (the seeds' tests): topics of its
 * own inside the test run's (KAFKA_TOPIC_PREFIX `<run prefix>test-<name>.`), so nothing it publishes about the
 * demo practices and leads reaches another test file of the run, and nothing theirs reaches it; removed with
 * the run's topics.
 */
export function isolatedTopics(name: string): Record<string, string> {
  return { KAFKA_TOPIC_PREFIX: `${testTopicPrefix()}test-${name}.` };
}
