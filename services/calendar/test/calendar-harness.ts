import { LocationChangedV1, LocationDeletedV1, Topics } from '@pp/contracts';
import {
  Caller,
  eventually,
  publishEvents,
  RunningService,
  startIsolatedService,
  TestDatabase,
  testCaller,
} from '@pp/testing';
import { randomUUID } from 'node:crypto';
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
  /**
   * Publishes a location change on practice.changes as the gateway would (real Kafka), and waits until the
   * calendar's read model shows it.
   */
  publishLocation(
    type: 'location_created' | 'location_deleted',
    practiceId: string,
    locationId: string,
  ): Promise<void>;
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
    async publishLocation(type, practiceId, locationId) {
      const envelope = {
        v: 1 as const,
        event_id: randomUUID(),
        practice_id: practiceId,
        occurred_at: new Date().toISOString(),
      };
      const event: LocationChangedV1 | LocationDeletedV1 =
        type === 'location_deleted'
          ? { ...envelope, type, location_id: locationId }
          : {
              ...envelope,
              type,
              location: {
                location_id: locationId,
                practice_id: practiceId,
                name: 'Uptown Clinic',
                address: '2100 McKinney Ave, Dallas, TX 75201',
                timezone: 'America/Chicago',
                phone: '',
                is_primary: true,
                is_active: true,
                business_hours: null,
              },
            };
      await publishEvents(service.config.KAFKA_BROKERS, Topics.practiceChanges, [event]);
      await eventually(async () => {
        const rows: unknown[] = await dataSource.query(
          `SELECT 1 FROM "calendar"."locations" WHERE "location_id" = $1`,
          [locationId],
        );
        return type === 'location_deleted' ? rows.length === 0 : rows.length === 1;
      }, 30_000);
    },
    async outbox(appointmentId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "calendar"."outbox" WHERE "payload"->'appointment'->>'appointment_id' = $1 ORDER BY "id"`,
        [appointmentId],
      );
      return rows.map((row) => row.payload);
    },
  };
}
