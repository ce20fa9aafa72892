import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the same transaction as the state change it describes; the relay publishes it. */
@Entity({ name: 'outbox' })
export class OutboxMessage {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'uuid', unique: true })
  event_id: string;

  @Column({ type: 'text' })
  topic: string;

  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  headers: Record<string, string>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  published_at: Date | null;
}

/** One row per (event, consumer) processed: a redelivered event changes nothing. */
@Entity({ name: 'inbox' })
export class InboxRecord {
  @PrimaryColumn({ type: 'uuid' })
  event_id: string;

  @PrimaryColumn({ type: 'text' })
  consumer: string;

  @CreateDateColumn({ type: 'timestamptz' })
  processed_at: Date;
}

/** SQL for the outbox and inbox tables of a schema; each service's first migration runs it. */
export function outboxInboxUpSql(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `CREATE TABLE ${s}."outbox" (
      "id" BIGSERIAL PRIMARY KEY,
      "event_id" uuid NOT NULL UNIQUE,
      "topic" text NOT NULL,
      "key" text NOT NULL,
      "payload" jsonb NOT NULL,
      "headers" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "published_at" timestamptz
    )`,
    `CREATE INDEX "outbox_unpublished_idx" ON ${s}."outbox" ("id") WHERE "published_at" IS NULL`,
    `CREATE TABLE ${s}."inbox" (
      "event_id" uuid NOT NULL,
      "consumer" text NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("event_id", "consumer")
    )`,
  ];
}

export function outboxInboxDownSql(schema: string): string[] {
  return [`DROP TABLE "${schema}"."inbox"`, `DROP TABLE "${schema}"."outbox"`];
}
