import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EventEnvelope, EventHeaders, Topic } from '@pp/contracts';
import { EntityManager } from 'typeorm';
import { Correlation } from '../logging/correlation';
import { DATABASE_SCHEMA } from './tokens';

export type NewEvent<T extends EventEnvelope> = Omit<T, 'v' | 'event_id' | 'occurred_at'> &
  Partial<Pick<T, 'event_id' | 'occurred_at'>>;

/** The channel on which the outbox relay listens for new rows (NOTIFY is delivered at commit). */
export function outboxChannel(schema: string): string {
  return `pp_outbox_${schema}`;
}

/**
 * An outbox row for a caller that writes it in a statement of its own together with other changes (one round
 * trip instead of several: see `Outbox.prepare`).
 */
export interface PreparedOutboxRow<T extends EventEnvelope> {
  /** The event as it will be published. */
  event: T;
  /**
   * Two pieces of one statement: `cte`, a data-modifying `"outbox_row" AS (INSERT … RETURNING 1)` to put in
   * its WITH list, and `select`, the statement's final SELECT (the relay's wake-up, delivered at commit).
   */
  cte: string;
  select: string;
  /** The parameters of both, numbered from the `firstParameter` given to `prepare`. */
  params: unknown[];
}

/**
 * Writes an event into the outbox inside the caller's transaction, so the state change and its event are
 * committed together or not at all. The relay publishes it to Kafka afterwards.
 */
@Injectable()
export class Outbox {
  constructor(@Inject(DATABASE_SCHEMA) private readonly schema: string) {}

  async add<T extends EventEnvelope>(manager: EntityManager, topic: Topic, event: NewEvent<T>): Promise<T> {
    const row = this.prepare<T>(manager, topic, event, 1);
    // The row and the relay's wake-up in one statement (one round trip); NOTIFY is delivered at commit.
    await manager.query(`WITH ${row.cte} ${row.select}`, row.params);
    return row.event;
  }

  /** Several events of one topic in one statement, in the order given (the relay publishes them so). */
  async addMany<T extends EventEnvelope>(
    manager: EntityManager,
    topic: Topic,
    events: readonly NewEvent<T>[],
  ): Promise<T[]> {
    assertTransaction(manager);
    if (events.length === 0) return [];
    const envelopes = events.map((event) => envelope<T>(event));
    await manager.query(
      `WITH "added" AS (
         INSERT INTO "${this.schema}"."outbox" ("event_id", "topic", "key", "payload", "headers")
         SELECT "event_id", $2, "key", "payload", "headers"
           FROM unnest($1::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])
             WITH ORDINALITY AS r("event_id", "key", "payload", "headers", "n")
          ORDER BY "n"
         RETURNING 1
       ) SELECT pg_notify($6, '') WHERE EXISTS (SELECT 1 FROM "added")`,
      [
        envelopes.map(({ event }) => event.event_id),
        topic,
        envelopes.map(({ event }) => event.practice_id),
        envelopes.map(({ event }) => JSON.stringify(event)),
        envelopes.map(({ headers }) => JSON.stringify(headers)),
        outboxChannel(this.schema),
      ],
    );
    return envelopes.map(({ event }) => event);
  }

  /**
   * The outbox row of an event as pieces of the caller's own statement, its parameters numbered from
   * `firstParameter`: `WITH <the caller's CTEs>, ${row.cte} ${row.select}`. Data-modifying CTEs run once whether
   * or not the final SELECT reads them, so the caller's writes and the row commit together.
   */
  prepare<T extends EventEnvelope>(
    manager: EntityManager,
    topic: Topic,
    event: NewEvent<T>,
    firstParameter: number,
  ): PreparedOutboxRow<T> {
    assertTransaction(manager);
    const { event: full, headers } = envelope<T>(event);
    const $ = (offset: number) => `$${firstParameter + offset}`;
    return {
      event: full,
      cte: `"outbox_row" AS (
         INSERT INTO "${this.schema}"."outbox" ("event_id", "topic", "key", "payload", "headers")
         VALUES (${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}) RETURNING 1
       )`,
      select: `SELECT pg_notify(${$(5)}, '') FROM "outbox_row"`,
      params: [
        full.event_id,
        topic,
        full.practice_id,
        JSON.stringify(full),
        JSON.stringify(headers),
        outboxChannel(this.schema),
      ],
    };
  }
}

function assertTransaction(manager: EntityManager): void {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error('An outbox row must be written inside a transaction');
  }
}

/** The event as published (its id and time filled in) and its Kafka headers. */
function envelope<T extends EventEnvelope>(
  event: NewEvent<T>,
): { event: T; headers: Record<string, string> } {
  const full = {
    ...event,
    v: 1,
    event_id: event.event_id ?? randomUUID(),
    occurred_at: event.occurred_at ?? new Date().toISOString(),
  } as T;
  const headers: Record<string, string> = {
    [EventHeaders.eventId]: full.event_id,
    [EventHeaders.eventType]: full.type,
  };
  const correlationId = Correlation.current();
  if (correlationId) headers[EventHeaders.correlationId] = correlationId;
  return { event: full, headers };
}
