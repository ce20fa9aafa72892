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
}
