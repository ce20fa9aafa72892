import { Caller, RunningService, startIsolatedService, TestDatabase, testCaller } from '@pp/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { PeopleConfig } from '../src/config';
import { peopleDatabase } from '../src/database/database';
import { Clock } from '../src/engine/clock';
import { peopleService } from '../src/people.service-definition';
import { Leads } from './factories/leads';

export type { Caller };

/** A clock tests can stop at a moment (quiet hours); real time otherwise. */
export class TestClock extends Clock {
  at: Date | null = null;
  now(): Date {
    return this.at ?? new Date();
  }
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

/**
 * A real people service (real PostgreSQL, Redis and Kafka) on a database of its own. Calls go straight to
 * the service with the internal identity header the gateway would add. With a `clock`, the engine's time (quiet
 * hours, due times) is the test's.
 */
export async function startPeople(
  label: string,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<PeopleHarness> {
  const clock = options.clock;
  const definition = clock
    ? {
        ...peopleService,
        module: (config: PeopleConfig) =>
          AppModule.forRoot(config, { engineOptions: { clock: { provide: Clock, useValue: clock } } }),
      }
    : peopleService;
  // No mailbox polling in the background (a connected test account would be read from the real provider's IMAP);
  // the reply tests read the mailbox themselves.
  const isolated = await startIsolatedService(definition, peopleDatabase, label, {
    EMAIL_POLL_SECONDS: '0',
    ...env,
  });
  const { service, dataSource } = isolated;
  return {
    ...isolated,
    leads: new Leads(dataSource),
    http: () => request(service.app.getHttpServer()),
    caller: testCaller,
    async outbox(personId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "people"."outbox" WHERE "payload"->>'person_id' = $1 ORDER BY "id"`,
        [personId],
      );
      return rows.map((row) => ({ type: String(row.payload.type), payload: row.payload }));
    },
  };
}

/** POSTs to the service as the caller (an empty JSON body when none), expects the status, answers the response. */
export async function postAs(
  h: Pick<PeopleHarness, 'http'>,
  caller: Caller,
  path: string,
  body: object | undefined,
  status: number,
) {
  const response = await h
    .http()
    .post(path)
    .set(await caller.headers())
    .send(body ?? {});
  expect({ status: response.status, body: response.body }).toMatchObject({ status });
  return response;
}
