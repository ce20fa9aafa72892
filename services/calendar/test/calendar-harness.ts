import { Caller, RunningService, startIsolatedService, TestDatabase, testCaller } from '@pp/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { calendarService } from '../src/calendar.service-definition';
import { CalendarConfig } from '../src/config';
import { calendarDatabase } from '../src/database/database';

export { testCaller, type Caller };

export interface CalendarHarness {
  service: RunningService<CalendarConfig>;
  database: TestDatabase;
  dataSource: DataSource;
  http: () => ReturnType<typeof request>;
  /** A staff member of the given practices, as the gateway would forward them. */
  caller(practiceIds: string[], name?: string): Caller;
  /** The calendar.appointments payloads in the outbox for an appointment, oldest first. */
  outbox(appointmentId: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * A real calendar service (real PostgreSQL, Redis and Kafka) on a database of its own. Calls go straight
 * to it with the internal identity header the gateway would add. PEOPLE_URL in env names the people
 * service it asks about leads.
 */
export async function startCalendar(
  label: string,
  env: Record<string, string> = {},
): Promise<CalendarHarness> {
  const isolated = await startIsolatedService(calendarService, calendarDatabase, label, env);
  const { service, dataSource } = isolated;
  return {
    ...isolated,
    http: () => request(service.app.getHttpServer()),
    caller: testCaller,
    async outbox(appointmentId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "calendar"."outbox" WHERE "payload"->'appointment'->>'appointment_id' = $1 ORDER BY "id"`,
        [appointmentId],
      );
      return rows.map((row) => row.payload);
    },
  };
}
