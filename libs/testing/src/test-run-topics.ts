import { Kafka } from 'kafkajs';
import { randomBytes } from 'node:crypto';

// Apart from the rest of @pp/testing (no Nest, no @pp/platform): the Jest global setup and teardown load it.

/**
 * A test run's topics and consumer groups: `it.<start time, base 36>-<random>.` before every name
 * (KAFKA_TOPIC_PREFIX), so a run never exchanges an event with a running `npm start` or another run on the same
 * broker, and its topics can be found and removed afterwards (docs/conventions.md#tests).
 */
const RUN_PREFIX = /^it\.([0-9a-z]+)-[0-9a-f]+\./;

/** A new test run's KAFKA_TOPIC_PREFIX. */
export function newTestRunPrefix(now = Date.now()): string {
  return `it.${now.toString(36)}-${randomBytes(3).toString('hex')}.`;
}

/** Whether `prefix` is a test run's KAFKA_TOPIC_PREFIX. */
export function isTestRunPrefix(prefix: string): boolean {
  return RUN_PREFIX.test(prefix) && RUN_PREFIX.exec(prefix)?.[0] === prefix;
}

/**
 * Removes the topics and consumer groups whose names `remove` selects, best-effort: a group still in use (or
 * anything the broker refuses) stays; returns how many of each went.
 */
async function removeTopicsAndGroups(
  brokers: string[],
  remove: (name: string) => boolean,
): Promise<{ topics: number; groups: number }> {
  const admin = new Kafka({ brokers, logLevel: 0, retry: { retries: 2 } }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter(remove);
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    const groups = (await admin.listGroups()).groups.map(({ groupId }) => groupId).filter(remove);
    let removedGroups = groups.length;
    if (groups.length > 0) {
      // kafkajs rejects the whole call when some group could not go (one still in use); the others went.
      await admin.deleteGroups(groups).catch((error: { groups?: unknown[] }) => {
        removedGroups -= error.groups?.length ?? groups.length;
      });
    }
    return { topics: topics.length, groups: removedGroups };
  } finally {
    await admin.disconnect();
  }
}

/** Removes a finished test run's topics and consumer groups (the global teardown's). */
export function removeTestRunTopics(
  brokers: string[],
  prefix: string,
): Promise<{ topics: number; groups: number }> {
  if (!isTestRunPrefix(prefix)) throw new Error(`${prefix} is not a test run's topic prefix`);
  return removeTopicsAndGroups(brokers, (name) => name.startsWith(prefix));
}

/**
 * Removes the topics and groups of test runs that started more than `olderThanMs` ago (a run stopped before its
 * teardown leaves its topics behind): runs in progress — another checkout's on the same broker — are younger.
 */
export function removeStaleTestRunTopics(
  brokers: string[],
  olderThanMs: number,
  now = Date.now(),
): Promise<{ topics: number; groups: number }> {
  return removeTopicsAndGroups(brokers, (name) => {
    const started = RUN_PREFIX.exec(name)?.[1];
    return started !== undefined && parseInt(started, 36) < now - olderThanMs;
  });
}
