import { Logger } from '@nestjs/common';
import { ConsumerConfig, KafkaConfig, logLevel, LogEntry } from 'kafkajs';
import { correctIdleRequestQueue } from './idle-request-queue';

const LEVEL_NAMES: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs logs through Nest's logger (and so through pino). */
function logCreator() {
  const logger = new Logger('Kafka');
  return ({ level, log }: LogEntry) => {
    const { message, ...extra } = log;
    const method = LEVEL_NAMES[level] ?? 'log';
    logger[method](`${message} ${JSON.stringify(extra)}`);
  };
}

/**
 * Client settings shared by producers, consumers and the admin of one service. Every client is made from them, so
 * the request queue's idle timer loop is corrected here, before the first connection (idle-request-queue.ts).
 */
export function kafkaClientConfig(clientId: string, brokers: string[]): KafkaConfig {
  correctIdleRequestQueue();
  return {
    clientId,
    brokers,
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator,
  };
}

/** The settings of a service's consumer group. */
export function kafkaConsumerConfig(groupId: string): Omit<ConsumerConfig, 'partitionAssigners'> {
  return {
    groupId,
    sessionTimeout: 10000,
    heartbeatInterval: 1000,
    // A fetch returns as soon as any record is there, an idle one after 500 ms: a stopping consumer waits for
    // its fetch in flight, so kafkajs' 5 s default made every shutdown (a deploy, each test's service) take 5 s.
    minBytes: 1,
    maxWaitTimeInMs: 500,
    allowAutoTopicCreation: true,
  };
}

/**
 * KAFKA_TOPIC_PREFIX: the broker's name of a topic for a stack whose topics carry a prefix (a benchmark's, the
 * browser tests' or an integration test run's stack beside the developer's `npm start` on one broker), and back;
 * its consumer groups carry the prefix too. Empty: the names of `Topics` and the groups as they are.
 */
export class TopicNames {
  constructor(readonly prefix: string = '') {}

  toBroker(topic: string): string {
    return this.prefix + topic;
  }

  /**
   * A consumer group's name on the broker: a prefixed stack's groups are told apart from every other stack's
   * (a group of the same service and database name included) and can be removed with its topics.
   */
  consumerGroup(group: string): string {
    return this.prefix + group;
  }

  /** The topic's own name, or null for a topic of another stack. */
  fromBroker(name: string): string | null {
    if (!this.prefix) return name;
    return name.startsWith(this.prefix) ? name.slice(this.prefix.length) : null;
  }
}
