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
 * Writes an event into the outbox inside the caller's transaction, so the state change and its event are
 * committed together or not at all. The relay publishes it to Kafka afterwards.
 */
@Injectable()
export class Outbox {
  constructor(@Inject(DATABASE_SCHEMA) private readonly schema: string) {}

  async add<T extends EventEnvelope>(manager: EntityManager, topic: Topic, event: NewEvent<T>): Promise<T> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('Outbox.add must be called inside a transaction');
    }
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
    // The row and the relay's wake-up in one statement (one round trip); NOTIFY is delivered at commit.
    await manager.query(
      `WITH "added" AS (
         INSERT INTO "${this.schema}"."outbox" ("event_id", "topic", "key", "payload", "headers")
         VALUES ($1, $2, $3, $4, $5) RETURNING 1
       ) SELECT pg_notify($6, '') FROM "added"`,
      [
        full.event_id,
        topic,
        full.practice_id,
        JSON.stringify(full),
        JSON.stringify(headers),
        outboxChannel(this.schema),
      ],
    );
    return full;
  }
}
