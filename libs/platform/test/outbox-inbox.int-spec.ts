import { EventEnvelope, EventHeaders, Topics } from '@pp/contracts';
import {
  createTestDatabase,
  eventually,
  TestDatabase,
  createTestTopics,
  testConsumerGroup,
  testTopicPrefix,
} from '@pp/testing';
import { Consumer, Kafka } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '../src/config/config';
import { dataSourceOptions, runMigrations } from '../src/database/data-source';
import { Inbox } from '../src/database/inbox.service';
import { outboxInboxUpSql } from '../src/database/outbox.entities';
import { Outbox } from '../src/database/outbox.service';
import { KafkaProducer } from '../src/kafka/kafka.producer';
import { OutboxRelay } from '../src/kafka/outbox.relay';

const SCHEMA = 'platform_test';

class CreateTables1700000000000 implements MigrationInterface {
  name = 'CreateTables1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "${SCHEMA}"."notes" ("id" uuid PRIMARY KEY, "text" text NOT NULL)`);
    for (const sql of outboxInboxUpSql(SCHEMA)) await queryRunner.query(sql);
  }
  async down(): Promise<void> {}
}

interface NoteAdded extends EventEnvelope<'lead_created'> {
  note_id: string;
}

describe('transactional outbox and idempotent inbox (real PostgreSQL and Kafka)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let producer: KafkaProducer;
  let relay: OutboxRelay;
  let consumer: Consumer;
  const outbox = new Outbox(SCHEMA);
  const received: Array<{ key: string; headers: Record<string, string>; value: NoteAdded }> = [];
  const practiceId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase('outbox');
    const config = {
      ...loadConfig(
        'platform-test',
        baseConfigSchema.extend({ PORT: z.coerce.number().default(0) }),
        // The test run's topics, as a service @pp/testing starts has them.
        { ...process.env, KAFKA_TOPIC_PREFIX: testTopicPrefix() },
      ),
      SERVICE_NAME: 'platform-test',
    };
    const options = dataSourceOptions(database.url, 'platform-test', {
      schema: SCHEMA,
      entities: [],
      migrations: [CreateTables1700000000000],
    });
    await runMigrations(options);
    dataSource = await new DataSource(options).initialize();
    producer = new KafkaProducer(config as never);
    relay = new OutboxRelay(dataSource, producer, SCHEMA, { ...config, ROLE: 'worker' } as never);
    consumer = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: 0 }).consumer({
      groupId: testConsumerGroup(`test-outbox-${randomUUID()}`),
      maxWaitTimeInMs: 500,
    });
    await consumer.connect();
    const [topic] = await createTestTopics(config.KAFKA_BROKERS, [Topics.leadEvents]);
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        let value: NoteAdded;
        try {
          value = JSON.parse(message.value?.toString() ?? '') as NoteAdded;
        } catch {
          return; // not one of ours
        }
        if (value?.practice_id !== practiceId) return;
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
        );
        received.push({ key: message.key!.toString(), headers, value });
      },
    });
  });

  afterAll(async () => {
    await consumer.disconnect();
    await producer.onApplicationShutdown();
    await dataSource.destroy();
    await database.drop();
  });

  const count = async (table: string, where: string, value: string) =>
    Number(
      (
        await dataSource.query(`SELECT count(*) AS n FROM "${SCHEMA}"."${table}" WHERE ${where} = $1`, [
          value,
        ])
      )[0].n,
    );

  const addNote = (noteId: string, fail = false) =>
    dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO "${SCHEMA}"."notes" ("id", "text") VALUES ($1, 'hello')`, [noteId]);
      await outbox.add<NoteAdded>(manager, Topics.leadEvents, {
        type: 'lead_created',
        practice_id: practiceId,
        note_id: noteId,
      });
      if (fail) throw new Error('failure between the change and the commit');
    });

  it('commits a change and its event together, and the relay publishes it keyed by practice with an event_id header', async () => {
    const noteId = randomUUID();
    await addNote(noteId);
    expect(await count('notes', '"id"', noteId)).toBe(1);
    expect(await count('outbox', `"payload"->>'note_id'`, noteId)).toBe(1);

    expect(await relay.drain()).toBeGreaterThanOrEqual(1);
    const message = await eventually(async () => received.find((m) => m.value.note_id === noteId), 15000);
    expect(message.key).toBe(practiceId);
    expect(message.headers[EventHeaders.eventId]).toBe(message.value.event_id);
    expect(message.value).toMatchObject({
      v: 1,
      type: 'lead_created',
      practice_id: practiceId,
      occurred_at: expect.any(String),
    });
    expect(await relay.drain()).toBe(0);
  });

  it('writes several events in one statement, published in the order given', async () => {
    const notes: string[] = [randomUUID(), randomUUID(), randomUUID()];
    await dataSource.transaction((manager) =>
      outbox.addMany<NoteAdded>(
        manager,
        Topics.leadEvents,
        notes.map((noteId) => ({ type: 'lead_created', practice_id: practiceId, note_id: noteId })),
      ),
    );
    const ids: { payload: { note_id: string } }[] = await dataSource.query(
      `SELECT "payload" FROM "${SCHEMA}"."outbox" WHERE "payload"->>'note_id' = ANY($1) ORDER BY "id"`,
      [notes],
    );
    expect(ids.map((row) => row.payload.note_id)).toEqual(notes);
    expect(await relay.drain()).toBeGreaterThanOrEqual(3);
    await eventually(async () => notes.every((id) => received.some((m) => m.value.note_id === id)), 15000);
    const order = received.filter((m) => notes.includes(m.value.note_id)).map((m) => m.value.note_id);
    expect(order).toEqual(notes);
  });

  it('leaves neither the change nor the event when the transaction fails between them', async () => {
    const noteId = randomUUID();
    await expect(addNote(noteId, true)).rejects.toThrow('failure between the change and the commit');
    expect(await count('notes', '"id"', noteId)).toBe(0);
    expect(await count('outbox', `"payload"->>'note_id'`, noteId)).toBe(0);
  });

  it('removes published outbox rows after a week and inbox rows after two, keeping everything newer or unpublished', async () => {
    const ids = {
      oldSent: randomUUID(),
      newSent: randomUUID(),
      oldUnsent: randomUUID(),
      oldSeen: randomUUID(),
      newSeen: randomUUID(),
    };
    const outboxRow = (id: string, publishedAt: string | null, createdDaysAgo: number) =>
      dataSource.query(
        `INSERT INTO "${SCHEMA}"."outbox" ("event_id", "topic", "key", "payload", "headers", "created_at", "published_at")
         VALUES ($1, 'test', $2, '{}', '{}', now() - make_interval(days => $3), $4::timestamptz)`,
        [id, practiceId, createdDaysAgo, publishedAt],
      );
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await outboxRow(ids.oldSent, daysAgo(8), 8);
    await outboxRow(ids.newSent, daysAgo(6), 6);
    await outboxRow(ids.oldUnsent, null, 30);
    for (const [id, days] of [
      [ids.oldSeen, 15],
      [ids.newSeen, 13],
    ] as const) {
      await dataSource.query(
        `INSERT INTO "${SCHEMA}"."inbox" ("event_id", "consumer", "processed_at") VALUES ($1, 'test', now() - make_interval(days => $2))`,
        [id, days],
      );
    }
    await relay.removeExpired();
    const left = async (table: string, id: string) => (await count(table, '"event_id"', id)) === 1;
    expect(await left('outbox', ids.oldSent)).toBe(false);
    expect(await left('outbox', ids.newSent)).toBe(true);
    expect(await left('outbox', ids.oldUnsent)).toBe(true);
    expect(await left('inbox', ids.oldSeen)).toBe(false);
    expect(await left('inbox', ids.newSeen)).toBe(true);
    // The unpublished row would be sent by the next drain: out of this file's way.
    await dataSource.query(`DELETE FROM "${SCHEMA}"."outbox" WHERE "event_id" = $1`, [ids.oldUnsent]);
  });

  it('refuses to write an event outside a transaction', async () => {
    await expect(
      outbox.add<NoteAdded>(dataSource.manager, Topics.leadEvents, {
        type: 'lead_created',
        practice_id: practiceId,
        note_id: 'x',
      }),
    ).rejects.toThrow('An outbox row must be written inside a transaction');
  });

  it('processes a redelivered event once', async () => {
    const inbox = new Inbox(dataSource, SCHEMA);
    const event = { v: 1 as const, event_id: randomUUID() };
    let runs = 0;
    const handle = async () => {
      runs += 1;
    };
    expect(await inbox.once('notes-projector', event, handle)).toBe(true);
    expect(await inbox.once('notes-projector', event, handle)).toBe(false);
    expect(runs).toBe(1);
    // another consumer of the same event has its own record
    expect(await inbox.once('notes-auditor', event, handle)).toBe(true);
    expect(runs).toBe(2);
  });

  it('does not mark an event processed when its handler fails, so a retry runs it', async () => {
    const inbox = new Inbox(dataSource, SCHEMA);
    const event = { v: 1 as const, event_id: randomUUID() };
    await expect(
      inbox.once('notes-projector', event, async () => {
        throw new Error('projection failed');
      }),
    ).rejects.toThrow('projection failed');
    expect(await count('inbox', '"event_id"', event.event_id)).toBe(0);
    let ran = false;
    expect(
      await inbox.once('notes-projector', event, async () => {
        ran = true;
      }),
    ).toBe(true);
    expect(ran).toBe(true);
  });
});
