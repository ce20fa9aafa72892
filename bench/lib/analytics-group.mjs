// The analytics consumer group of a benchmark database, moved to the end of every topic it reads before the
// service starts: the group is named after the database (libs/platform's databaseConsumerGroup) and the service
// reads its read-model topics from the beginning, so it would otherwise take in every practice, lead and pageview
// earlier runs published on the benchmarks' topics (KAFKA_TOPIC_PREFIX `bench.`: nothing of the developer's
// `npm start` or of the tests), and spend the benchmark's CPU on them.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { BENCH_TOPIC_PREFIX } from './built-service.mjs';

export const ANALYTICS_TOPICS = [
  'practice.changes',
  'people.lead-events',
  'calendar.appointments',
  'knowledge.changes',
  'tracking.pageviews',
];

/** Moves the analytics group of `databaseUrl` to the latest offset of each of its topics; returns the group id. */
export async function skipAnalyticsBacklog(root, databaseUrl, brokers) {
  const require = createRequire(join(root, 'package.json'));
  const { databaseConsumerGroup } = require(join(root, 'libs/platform/dist/kafka/consumer-group.js'));
  const { TopicNames } = require(join(root, 'libs/platform/dist/kafka/kafka-options.js'));
  // The benchmarks' stack's groups carry its topic prefix too (TopicNames.consumerGroup).
  const groupId = new TopicNames(BENCH_TOPIC_PREFIX).consumerGroup(
    databaseConsumerGroup('analytics', databaseUrl),
  );
  const kafka = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const topics = ANALYTICS_TOPICS.map((name) => BENCH_TOPIC_PREFIX + name);
    for (const topic of topics.filter((name) => existing.has(name))) {
      await admin.resetOffsets({ groupId, topic });
    }
  } finally {
    await admin.disconnect();
  }
  return groupId;
}
