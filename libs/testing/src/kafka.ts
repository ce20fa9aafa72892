import { EventEnvelope, Topic } from '@pp/contracts';
import { Kafka, Partitioners } from 'kafkajs';

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
