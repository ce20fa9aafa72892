import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientKafka } from '@nestjs/microservices';
import { Admin, Kafka, Message, Partitioners } from 'kafkajs';
import { BaseConfig, CONFIG } from '../config/config';
import { kafkaClientConfig, TopicNames } from './kafka-options';

export interface OutgoingRecord {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** The cluster did not acknowledge a send in the time the caller allowed. */
export class KafkaSendTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Kafka did not acknowledge within ${timeoutMs} ms`);
    this.name = 'KafkaSendTimeout';
  }
}

/**
 * The one way a service talks to Kafka as a producer. Behind it is @nestjs/microservices' ClientKafka
 * (kafkajs), so the client library can be swapped in this file alone.
 * Idempotent producer, acks=all, one request in flight: records of a key keep their order.
 */
@Injectable()
export class KafkaProducer implements OnApplicationShutdown {
  private readonly client: ClientKafka;
  private connecting?: Promise<unknown>;
  private admin?: Admin;
  private readonly topics: TopicNames;

  constructor(@Inject(CONFIG) private readonly config: BaseConfig & { SERVICE_NAME: string }) {
    this.topics = new TopicNames(config.KAFKA_TOPIC_PREFIX);
    this.client = new ClientKafka({
      client: kafkaClientConfig(`${config.SERVICE_NAME}-producer`, config.KAFKA_BROKERS),
      producer: {
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: true,
        createPartitioner: Partitioners.DefaultPartitioner,
      },
      producerOnlyMode: true,
      send: { acks: -1 },
    });
  }

  private async connect(): Promise<void> {
    this.connecting ??= this.client.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    await this.connecting;
  }

  /**
   * Sends records (in order) and resolves once every in-sync replica has them (acks = all). With `timeoutMs`,
   * rejects with KafkaSendTimeout when the cluster has not acknowledged by then (kafkajs keeps retrying in the
   * background, so the records may still arrive: a caller that answers "not accepted" must use ids its
   * consumers deduplicate on).
   */
  async send(records: OutgoingRecord[], options: { timeoutMs?: number } = {}): Promise<void> {
    if (records.length === 0) return;
    if (options.timeoutMs === undefined) return this.sendNow(records);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new KafkaSendTimeout(options.timeoutMs!)), options.timeoutMs);
    });
    const sending = this.sendNow(records);
    sending.catch(() => undefined); // once timed out, a later failure is nobody's to handle
    try {
      await Promise.race([sending, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async sendNow(records: OutgoingRecord[]): Promise<void> {
    await this.connect();
    const byTopic = new Map<string, Message[]>();
    for (const record of records) {
      const topic = this.topics.toBroker(record.topic);
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: record.key, value: record.value, headers: record.headers });
      byTopic.set(topic, messages);
    }
    await this.client.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  /** A cheap round trip to the cluster, for readiness. */
  async ping(): Promise<void> {
    if (!this.admin) {
      const admin = new Kafka(
        kafkaClientConfig(`${this.config.SERVICE_NAME}-admin`, this.config.KAFKA_BROKERS),
      ).admin();
      await admin.connect();
      this.admin = admin;
    }
    await this.admin.describeCluster();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.client.close(), this.admin?.disconnect()]);
  }
}
