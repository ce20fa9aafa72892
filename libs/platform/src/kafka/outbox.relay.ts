import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { BaseConfig, CONFIG } from '../config/config';
import { outboxChannel } from '../database/outbox.service';
import { DATABASE_SCHEMA } from '../database/tokens';
import { KafkaProducer } from './kafka.producer';

const BATCH = 500;
const IDLE_POLL_MS = 1000;
const RETRY_MS = 2000;
const RETENTION_DAYS = 7;
const INBOX_RETENTION_DAYS = 14;
/**
 * After a NOTIFY the relay waits this long before it drains, so the rows of the commits that follow (a burst's
 * many small transactions) leave in one pass: one lock, one read, one produce and one update for all of them.
 */
const WAKE_COALESCE_MS = 20;

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  /** The jsonb payload as JSON text, as the broker gets it (not parsed only to be serialized again). */
  payload: string;
  headers: Record<string, string>;
}

/**
 * Publishes outbox rows to Kafka in commit order. It wakes on NOTIFY (sent in the writer's transaction)
 * and polls as a fallback. A transaction-scoped advisory lock makes one relay per schema active at a time,
 * so a practice's events leave in order however many instances run. Delivery is at least once; consumers
 * deduplicate by event_id (Inbox).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private listener?: Client;
  private stopped = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: KafkaProducer,
    @Inject(DATABASE_SCHEMA) private readonly schema: string,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.ROLE === 'worker') return;
    await this.listen().catch((error: unknown) =>
      this.logger.warn(`LISTEN failed, polling only: ${String(error)}`),
    );
    this.loop = this.run();
  }

  /** Stops before the database pool closes (TypeORM closes it in onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.listener?.end().catch(() => undefined);
  }

  /** Publishes what is pending now; returns how many records were sent. */
  async drain(): Promise<number> {
    const lockKey = `${this.schema}.outbox`;
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        lockKey,
      ]);
      if (!locked) return 0;
      const rows: OutboxRow[] = await manager.query(
        `SELECT "id", "topic", "key", "payload"::text AS "payload", "headers" FROM "${this.schema}"."outbox"
         WHERE "published_at" IS NULL ORDER BY "id" LIMIT ${BATCH}`,
      );
      if (rows.length === 0) return 0;
      await this.producer.send(
        rows.map((row) => ({
          topic: row.topic,
          key: row.key,
          value: row.payload,
          headers: row.headers,
        })),
      );
      await manager.query(
        `UPDATE "${this.schema}"."outbox" SET "published_at" = now() WHERE "id" = ANY($1::bigint[])`,
        [rows.map((row) => row.id)],
      );
      return rows.length;
    });
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: (this.dataSource.options as { url: string }).url });
    client.on('error', (error) => this.logger.warn(`outbox listener: ${error.message}`));
    await client.connect();
    client.on('notification', () => this.wake?.());
    await client.query(`LISTEN "${outboxChannel(this.schema)}"`);
    this.listener = client;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let sent = 0;
      try {
        sent = await this.drain();
        await this.cleanup();
      } catch (error) {
        this.logger.error(`outbox relay: ${error instanceof Error ? error.message : String(error)}`);
        await this.sleep(RETRY_MS);
        continue;
      }
      if (sent < BATCH) await this.sleep(IDLE_POLL_MS);
    }
  }

  /** Sleeps `ms`, or until a NOTIFY plus the coalescing window; a stop ends it at once. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      let timer = setTimeout(done, ms);
      let woken = false;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        if (this.stopped) return done();
        if (woken) return;
        woken = true;
        clearTimeout(timer);
        timer = setTimeout(done, WAKE_COALESCE_MS);
      };
    });
  }

  /** Once an hour. */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = Date.now();
    await this.removeExpired();
  }

  /**
   * Published outbox rows are kept a week for diagnosis, then removed. Inbox rows (the event ids consumers
   * applied) are kept twice the broker's retention (7 days): a redelivery, or a new group reading a topic from its
   * beginning, can only bring back what the broker still holds; without this the inbox grew by every event a
   * service ever consumed.
   */
  async removeExpired(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "${this.schema}"."outbox" WHERE "published_at" < now() - interval '${RETENTION_DAYS} days'`,
    );
    await this.dataSource.query(
      `DELETE FROM "${this.schema}"."inbox" WHERE "processed_at" < now() - interval '${INBOX_RETENTION_DAYS} days'`,
    );
  }
}
