import { EventEnvelope, Topic } from '@pp/contracts';
import { Consumer, Kafka, Partitioners } from 'kafkajs';
import { randomUUID } from 'node:crypto';

/**
 * Publishes events on a topic as their producing service would (real Kafka, keyed by practice id so they keep
 * their order), for tests of a consumer whose producer is another service.
 */
export async function publishEvents(
  brokers: string[],
  topic: Topic,
  events: readonly EventEnvelope[],
): Promise<void> {
  const producer = new Kafka({ brokers, logLevel: 0 }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  try {
    await producer.send({
      topic,
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
 * race against the consumer group's start-up). Filter by a practice id the test owns: other tests share the topic.
 */
export class TopicReader<T = Record<string, unknown>> {
  readonly messages: ReadMessage<T>[] = [];

  private constructor(private readonly consumer: Consumer) {}

  static async start<T = Record<string, unknown>>(brokers: string[], topic: Topic): Promise<TopicReader<T>> {
    const kafka = new Kafka({ brokers, logLevel: 0 });
    const admin = kafka.admin();
    await admin.connect();
    let ends: { partition: number; offset: string }[];
    try {
      await admin.createTopics({ topics: [{ topic }], waitForLeaders: true }).catch(() => false);
      ends = await admin.fetchTopicOffsets(topic);
    } finally {
      await admin.disconnect();
    }
    const consumer = kafka.consumer({ groupId: `test-reader-${randomUUID()}`, maxWaitTimeInMs: 500 });
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
 * own (KAFKA_TOPIC_PREFIX `test-<name>.`, the same on every run so the broker keeps a bounded set), so what it
 * publishes never reaches a running `npm start` on the same broker and nothing that stack publishes about the
 * same practices and leads reaches it.
 */
export function isolatedTopics(name: string): Record<string, string> {
  return { KAFKA_TOPIC_PREFIX: `test-${name}.` };
}
