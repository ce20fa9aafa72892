import { IDENTITY_HEADER, Identity, InternalTokens } from '@pp/platform';
import {
  createTestDatabase,
  RunningService,
  startTestService,
  TEST_INTERNAL_SECRET,
  TestDatabase,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PeopleConfig } from '../src/config';
import { peopleDatabase } from '../src/database/database';
import { peopleService } from '../src/people.service-definition';
import { Leads } from './factories/leads';

export interface Caller {
  identity: Identity;
  /** Headers the gateway would add for this caller. */
  headers(): Promise<Record<string, string>>;
}

export interface PeopleHarness {
  service: RunningService<PeopleConfig>;
  database: TestDatabase;
  dataSource: DataSource;
  leads: Leads;
  http: () => ReturnType<typeof request>;
  /** A staff member of the given practices, as the gateway would forward them. */
  caller(practiceIds: string[], name?: string): Caller;
  /** The outbox rows written for a person, oldest first (what Kafka will carry). */
  outbox(personId: string): Promise<{ type: string; payload: Record<string, unknown> }[]>;
  stop(): Promise<void>;
}

const tokens = new InternalTokens(TEST_INTERNAL_SECRET);

/**
 * A real people service (real PostgreSQL, Redis and Kafka) on a database of its own. Calls go straight to
 * the service with the internal identity header the gateway would add.
 */
export async function startPeople(label: string, env: Record<string, string> = {}): Promise<PeopleHarness> {
  const database = await createTestDatabase(label);
  const service = await startTestService(peopleService, peopleDatabase, {
    DATABASE_URL: database.url,
    ...env,
  });
  const dataSource = service.app.get(DataSource);
  return {
    service,
    database,
    dataSource,
    leads: new Leads(dataSource),
    http: () => request(service.app.getHttpServer()),
    caller(practiceIds, name = 'Avery Stone') {
      const identity: Identity = { userId: randomUUID(), practiceIds, name };
      return { identity, headers: async () => ({ [IDENTITY_HEADER]: await tokens.sign(identity) }) };
    },
    async outbox(personId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "people"."outbox" WHERE "payload"->>'person_id' = $1 ORDER BY "id"`,
        [personId],
      );
      return rows.map((row) => ({ type: String(row.payload.type), payload: row.payload }));
    },
    async stop() {
      await service.close();
      await database.drop();
    },
  };
}
