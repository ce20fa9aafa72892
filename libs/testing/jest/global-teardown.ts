import { removeTestRunTopics } from '../src/test-run-topics';
import { stopContainers } from './containers';
import { kafkaBrokers } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  // The run's topics and consumer groups, best-effort: a failure leaves them to a later run's setup (stale runs).
  const prefix = process.env.KAFKA_TOPIC_PREFIX;
  if (prefix) {
    await removeTestRunTopics(kafkaBrokers(), prefix).then(
      ({ topics, groups }) =>
        console.log(`Kafka: removed ${topics} topics and ${groups} consumer groups of ${prefix}*`),
      (error: unknown) =>
        console.warn(`Could not remove this test run's topics (${prefix}*): ${String(error)}`),
    );
  }
  await stopContainers();
}
