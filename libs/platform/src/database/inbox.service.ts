import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventEnvelope } from '@pp/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { DATABASE_SCHEMA } from './tokens';

/**
 * Makes a consumer idempotent: the handler runs in a transaction that also records the event id for this
 * consumer; a redelivered event finds its id and is skipped.
 */
@Injectable()
export class Inbox {
  private readonly logger = new Logger(Inbox.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_SCHEMA) private readonly schema: string,
  ) {}

  /** Runs `handle` once per (event, consumer). Returns false when the event was already processed. */
  async once(
    consumer: string,
    event: Pick<EventEnvelope, 'event_id' | 'v'>,
    handle: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    if (event.v !== 1) {
      this.logger.warn(`${consumer}: skipping event ${event.event_id} of unknown version ${String(event.v)}`);
      return false;
    }
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${this.schema}"."inbox" ("event_id", "consumer") VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [event.event_id, consumer],
      );
      if (inserted.length === 0) return false;
      await handle(manager);
      return true;
    });
  }

  /**
   * Runs `handle` once, in one transaction, for the events of a batch this consumer has not processed yet
   * (in their order; an event id repeated in the batch counts once). Events of an unknown version are skipped.
   * Returns the events handled.
   */
  async onceEach<E extends Pick<EventEnvelope, 'event_id' | 'v'>>(
    consumer: string,
    events: readonly E[],
    handle: (manager: EntityManager, fresh: E[]) => Promise<void>,
  ): Promise<E[]> {
    const known = new Set<string>();
    const candidates = events.filter((event) => {
      if (event.v !== 1) {
        this.logger.warn(
          `${consumer}: skipping event ${event.event_id} of unknown version ${String(event.v)}`,
        );
        return false;
      }
      const id = event.event_id.toLowerCase();
      if (known.has(id)) return false;
      known.add(id);
      return true;
    });
    if (candidates.length === 0) return [];
    return this.dataSource.transaction(async (manager) => {
      const inserted: { event_id: string }[] = await manager.query(
        `INSERT INTO "${this.schema}"."inbox" ("event_id", "consumer")
         SELECT "event_id", $2 FROM unnest($1::uuid[]) AS "event_id"
         ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [candidates.map((event) => event.event_id), consumer],
      );
      const fresh = new Set(inserted.map((row) => row.event_id));
      const handled = candidates.filter((event) => fresh.has(event.event_id.toLowerCase()));
      if (handled.length > 0) await handle(manager, handled);
      return handled;
    });
  }
}
