import { newTestRunPrefix, removeStaleTestRunTopics } from '../src/test-run-topics';
import { startContainers } from './containers';

/** A run stopped before its teardown leaves its topics; a run this old is not running any more. */
const STALE_RUN_MS = 6 * 60 * 60_000;

export default async function globalSetup(): Promise<void> {
  await startContainers();
  // One topic prefix (and so consumer groups) for the whole run, in the environment every test worker inherits:
  // the run's services and topic helpers never exchange an event with a running `npm start` or another run, and
  // the files of one run agree (docs/conventions.md#tests). The teardown removes the run's topics.
  process.env.KAFKA_TOPIC_PREFIX = newTestRunPrefix();
  await removeStaleTestRunTopics(kafkaBrokers(), STALE_RUN_MS).catch((error: unknown) =>
    console.warn(`Could not remove the topics of earlier test runs: ${String(error)}`),
  );
}

export function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((broker) => broker.trim());
}
