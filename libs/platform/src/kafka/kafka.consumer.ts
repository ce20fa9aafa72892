import { Injectable, Logger } from '@nestjs/common';
import {
  CustomStrategy,
  KafkaContext,
  KafkaOptions,
  KafkaRetriableException,
  ServerKafka,
} from '@nestjs/microservices';
import { EventHeaders } from '@pp/contracts';
import { EachBatchPayload, KafkaMessage, Partitioners } from 'kafkajs';
import type { Admin } from '@nestjs/microservices/external/kafka.interface';
import { Correlation } from '../logging/correlation';
import { kafkaClientConfig, kafkaConsumerConfig, TopicNames } from './kafka-options';

/** Whether this service's consumer group is joined; readiness reports it. One per application. */
@Injectable()
export class KafkaConsumerStatus {
  hasConsumer = false;
  joined = false;
}

/** One message of a batch: its value parsed as JSON (the raw text when it is not JSON) and its headers. */
export interface KafkaBatchEvent {
  value: unknown;
  headers: Record<string, string>;
  offset: string;
}

/** Takes a whole fetched batch of one partition's messages, in order; a failure redelivers the batch. */
export type KafkaBatchHandler = (events: KafkaBatchEvent[]) => Promise<void>;

/**
 * Topics a service consumes a batch at a time rather than one message at a time (one transaction for many
 * messages where a message's own work is small next to its round trips and commit). A provider registers its
 * handler when it is made (its constructor: the consumer starts before the init hooks run); the handler must be
 * idempotent (an inbox), as a failed batch is delivered again.
 */
@Injectable()
export class KafkaBatchHandlers {
  private readonly handlers = new Map<string, KafkaBatchHandler>();

  register(topic: string, handler: KafkaBatchHandler): void {
    if (this.handlers.has(topic)) throw new Error(`a batch handler for ${topic} is registered already`);
    this.handlers.set(topic, handler);
  }

  get(topic: string): KafkaBatchHandler | undefined {
    return this.handlers.get(topic);
  }

  get topics(): string[] {
    return [...this.handlers.keys()];
  }
}

/** Creates those of the topics that do not exist (the broker's default partitions); returns once all have leaders. */
async function ensureTopics(admin: Admin, topics: readonly string[]): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((topic) => !existing.has(topic));
  // A concurrent creator may win: kafkajs then reports the topic as existing, which is what was wanted.
  if (missing.length > 0) {
    await admin.createTopics({ topics: missing.map((topic) => ({ topic })), waitForLeaders: true });
  }
  // waitForLeaders waits only for the topics this call created: one another process created a moment ago is
  // listed before it has a leader, and subscribing to it then fails ("does not host this topic-partition").
  await waitForLeaders(admin, topics);
}

/** How often and how long a consumer's admin session before subscribing retries a retriable broker error. */
const ADMIN_ATTEMPTS = 8;
const ADMIN_RETRY_DELAY_MS = 500;

/** How long ensureTopics waits for the leaders of topics another process is creating. */
const LEADER_WAIT = { attempts: 50, delayMs: 200 };

async function waitForLeaders(admin: Admin, topics: readonly string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const led = found.every(
        ({ partitions }) => partitions.length > 0 && partitions.every(({ leader }) => leader >= 0),
      );
      if (led && found.length === topics.length) return;
    } catch (error) {
      // UNKNOWN_TOPIC_OR_PARTITION and LEADER_NOT_AVAILABLE are retriable: the topic is still being created.
      if (!(error instanceof Error && 'retriable' in error && error.retriable)) throw error;
      if (attempt >= LEADER_WAIT.attempts) throw error;
    }
    if (attempt >= LEADER_WAIT.attempts) throw new Error(`no leader for ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, LEADER_WAIT.delayMs));
  }
}

/** Where a consumer starts reading one partition. */
type StartPosition = { topic: string; partition: number; offset: string };

/** A batch message as a handler sees it. */
function batchEvent(message: KafkaMessage): KafkaBatchEvent {
  const text = message.value?.toString() ?? '';
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the handler gets the text (as Nest's parser gives it to an @EventPattern handler).
  }
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(message.headers ?? {})) {
    if (header !== undefined) headers[name] = (Array.isArray(header) ? header[0] : header)?.toString() ?? '';
  }
  return { value, headers, offset: message.offset };
}

/** @nestjs/microservices' Kafka server, also reporting when its consumer group has joined. */
class PlatformKafkaServer extends ServerKafka {
  constructor(
    options: KafkaOptions['options'],
    private readonly consumerStatus: KafkaConsumerStatus,
    private readonly fromBeginning: boolean | readonly string[] = false,
    private readonly batchHandlers?: KafkaBatchHandlers,
    private readonly replaySince?: Date,
    private readonly names: TopicNames = new TopicNames(),
    private readonly onCrash: ConsumerCrashPolicy = 'exit',
  ) {
    super(options ?? {});
  }

  /**
   * Subscribes the topics a new group reads from the beginning apart from the others (Nest subscribes every
   * pattern with one setting), then runs the consumer as Nest does, or a batch at a time when the service
   * registered batch handlers.
   */
  override async bindEvents(consumer: Parameters<ServerKafka['bindEvents']>[0]): Promise<void> {
    const batchTopics = this.batchHandlers?.topics ?? [];
    const topics = [...new Set([...this.messageHandlers.keys(), ...batchTopics])];
    const fromBeginning = (topic: string) =>
      this.fromBeginning === true || (this.fromBeginning !== false && this.fromBeginning.includes(topic));
    // The broker's names (KAFKA_TOPIC_PREFIX); handlers are found by the topics' own names.
    const early = topics.filter(fromBeginning).map((topic) => this.names.toBroker(topic));
    const late = topics.filter((topic) => !fromBeginning(topic)).map((topic) => this.names.toBroker(topic));
    const starts = await this.prepareTopics(early, late);
    if (early.length > 0) await consumer.subscribe({ topics: early, fromBeginning: true });
    if (late.length > 0) await consumer.subscribe({ topics: late, fromBeginning: false });
    if (starts.length > 0) {
      // Registered once the group is joined and before its first fetch (kafkajs emits GROUP_JOIN synchronously
      // inside run(), ahead of the fetch loop), so no message before them is handed to a handler. The start of
      // each partition this member was given is committed at once: a group's start is then durable, and a
      // consumer that dies before a message reaches one of its partitions resumes there when it is back, instead
      // of at a newer end that would skip what was written while it was down.
      const seekOnce = consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        seekOnce();
        for (const start of starts) consumer.seek(start);
        const assigned = payload.memberAssignment;
        const mine = starts.filter(({ topic, partition }) => assigned[topic]?.includes(partition));
        if (mine.length > 0)
          consumer.commitOffsets(mine).catch((error: unknown) => {
            // Not fatal: the positions were sought all the same; only a crash before the first message would
            // start those partitions at their end again.
            this.logger.warn(`Could not commit the group's start positions: ${String(error)}`);
          });
      });
    }
    if (batchTopics.length === 0) {
      const handle = this.getMessageHandler();
      await consumer.run({
        ...(this.options.run ?? {}),
        eachMessage: (payload) => handle({ ...payload, topic: this.ownTopic(payload.topic) }),
      });
      return;
    }
    await consumer.run({ ...(this.options.run ?? {}), eachBatch: (payload) => this.handleBatch(payload) });
  }

  /** A subscribed topic's own name (the consumer subscribes to its stack's topics only). */
  private ownTopic(name: string): string {
    return this.names.fromBroker(name) ?? name;
  }

  /**
   * One admin session before subscribing: where a group with no committed offset on a partition starts it.
   * KAFKA_TOPIC_PREFIX: a prefixed stack's topics may not exist yet (the infra creates the unprefixed ones), so
   * they are created first, as the broker would (its default partitions), and the subscription finds their
   * leaders. KAFKA_REPLAY_SINCE: at the first message written at or after `since`, whether the topic is read from
   * the beginning or from the end otherwise (so an event published just after the service reported ready is
   * never skipped either); without it, at the beginning of the topics read from the beginning and at the end of
   * the others, as the end is now. Read with a few admin requests; the positions are taken by the consumer itself
   * once it joined (admin.setOffsets would join the group with a consumer of its own, seconds per topic).
   */
  private async prepareTopics(early: readonly string[], late: readonly string[]): Promise<StartPosition[]> {
    const since = this.replaySince;
    const topics = [...early, ...late];
    const starts: StartPosition[] = [];
    await this.withAdmin(async (admin) => {
      starts.length = 0; // a retried session starts over
      await ensureTopics(admin, topics);
      const committed = await admin.fetchOffsets({ groupId: this.groupId, topics });
      for (const { topic, partitions } of committed) {
        const fresh = new Set(
          partitions
            .filter((partition) => Number(partition.offset) < 0)
            .map((partition) => partition.partition),
        );
        if (fresh.size === 0) continue;
        const positions = since
          ? await admin.fetchTopicOffsetsByTimestamp(topic, since.getTime())
          : (await admin.fetchTopicOffsets(topic)).map(({ partition, low, high }) => ({
              partition,
              offset: early.includes(topic) ? low : high,
            }));
        for (const { partition, offset } of positions) {
          if (fresh.has(partition)) starts.push({ topic, partition, offset });
        }
      }
    });
    return starts;
  }

  /**
   * One admin session; an error the broker calls retriable (a partition's leader moving while a broker restarts)
   * is tried again, a few times, so a service starting then waits for the broker instead of failing.
   */
  private async withAdmin(use: (admin: Admin) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const admin = this.client!.admin();
      try {
        await admin.connect();
        await use(admin);
        return;
      } catch (error) {
        const retriable = (error as { retriable?: boolean }).retriable === true;
        if (!retriable || attempt >= ADMIN_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, ADMIN_RETRY_DELAY_MS * attempt));
      } finally {
        await admin.disconnect();
      }
    }
  }

  /**
   * A batch handler's topic: the whole batch at once, its offsets committed after it succeeded. Any other
   * topic: one message at a time through Nest's handler, each offset resolved after its message (as
   * `eachMessage` does).
   */
  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, pause } = payload;
    const topic = this.ownTopic(batch.topic);
    const batchHandler = this.batchHandlers?.get(topic);
    if (batchHandler) {
      if (batch.messages.length === 0 || !isRunning() || isStale()) return;
      try {
        await batchHandler(batch.messages.map(batchEvent));
      } catch (error) {
        throw new KafkaRetriableException(error instanceof Error ? error.message : String(error));
      }
      resolveOffset(batch.lastOffset());
      await heartbeat();
      return;
    }
    for (const message of batch.messages) {
      if (!isRunning() || isStale()) break;
      await this.handleMessage({ topic, partition: batch.partition, message, heartbeat, pause });
      resolveOffset(message.offset);
      await heartbeat();
    }
  }

  override registerConsumerEventListeners(): void {
    super.registerConsumerEventListeners();
    if (!this.consumer) return;
    this.consumerStatus.hasConsumer = true;
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => (this.consumerStatus.joined = true));
    this.consumer.on(this.consumer.events.REBALANCING, () => (this.consumerStatus.joined = false));
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) =>
      consumerCrashed(payload, this.consumerStatus, this.onCrash, this.logger, exitForSupervisor),
    );
    this.consumer.on(this.consumer.events.STOP, () => (this.consumerStatus.joined = false));
  }
}

/** KAFKA_CONSUMER_CRASH: what a service does when its consumer stops on an error kafkajs does not retry. */
export type ConsumerCrashPolicy = 'exit' | 'report';

/**
 * A consumer crash: kafkajs restarts the consumer itself after a retriable error; after any other it stays
 * stopped, and a service that only reported it (readiness down) would sit there, its events unread, until
 * someone restarted it. So the process exits ('exit', the default) and its supervisor starts it again — npm
 * start's (deploy/local/supervisor.mjs), docker-compose's restart policy, Kubernetes' — and the group resumes
 * from its committed offsets. 'report' (the test harnesses, whose services share the test runner's process)
 * only marks the consumer down. Pure but for `exit`.
 */
export function consumerCrashed(
  crash: { error: Error; restart: boolean },
  status: KafkaConsumerStatus,
  policy: ConsumerCrashPolicy,
  logger: Pick<Logger, 'error'>,
  exit: () => void,
): void {
  status.joined = false;
  if (crash.restart || policy !== 'exit') return;
  logger.error(
    `The Kafka consumer stopped on an error it does not retry (${crash.error?.message ?? 'unknown'}): the ` +
      'service exits for its supervisor to start it again',
  );
  exit();
}

/** Exits once the log line above is written, with a failure code (a restart policy counts it as a crash). */
function exitForSupervisor(): void {
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 200).unref();
}

/**
 * The Kafka consumer of a service, for `app.connectMicroservice`. Handlers are `@EventPattern(topic)`
 * methods; a new consumer group reads from the latest offset, except on the topics `fromBeginning` names (or
 * every topic when it is true).
 */
export function kafkaConsumerStrategy(
  options: {
    clientId: string;
    groupId: string;
    brokers: string[];
    fromBeginning?: boolean | readonly string[];
    /** KAFKA_REPLAY_SINCE: where a new group starts the topics it reads. */
    replaySince?: Date;
    /** KAFKA_TOPIC_PREFIX: of the topics, and of the group id. */
    topicPrefix?: string;
    /** KAFKA_CONSUMER_CRASH. */
    onCrash?: ConsumerCrashPolicy;
  },
  status: KafkaConsumerStatus,
  batchHandlers?: KafkaBatchHandlers,
): CustomStrategy {
  const names = new TopicNames(options.topicPrefix);
  return {
    strategy: new PlatformKafkaServer(
      {
        client: kafkaClientConfig(options.clientId, options.brokers),
        // A prefixed stack's group carries its prefix (TopicNames.consumerGroup).
        consumer: kafkaConsumerConfig(names.consumerGroup(options.groupId)),
        producer: { createPartitioner: Partitioners.DefaultPartitioner },
        postfixId: '',
      },
      status,
      options.fromBeginning ?? false,
      batchHandlers,
      options.replaySince,
      names,
      options.onCrash ?? 'exit',
    ),
  };
}

/**
 * Runs a Kafka handler with the message's correlation id bound to its logs. A failure is rethrown as
 * retriable so the message is redelivered rather than skipped.
 */
export async function handleKafkaEvent(
  context: KafkaContext,
  handler: () => Promise<unknown>,
): Promise<void> {
  const headers = context.getMessage().headers ?? {};
  const correlationId = headers[EventHeaders.correlationId]?.toString();
  await Correlation.run(correlationId, async () => {
    try {
      await handler();
    } catch (error) {
      throw new KafkaRetriableException(error instanceof Error ? error.message : String(error));
    }
  });
}
