import { LocationSnapshot, PracticeChangeV1, Topics } from '@pp/contracts';
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
import { KnowledgeConfig } from '../src/config';
import { knowledgeDatabase } from '../src/database/database';
import { knowledgeService } from '../src/knowledge.service-definition';

export { testCaller, type Caller };

/** A practice as a test declares it: the gateway would publish it on practice.changes. */
export interface TestPractice {
  practice_id: string;
  name: string;
  website_url: string | null;
  locations: { location_id: string; name: string; timezone: string; is_primary: boolean }[];
}

export interface KnowledgeHarness {
  service: RunningService<KnowledgeConfig>;
  database: TestDatabase;
  dataSource: DataSource;
  http: () => ReturnType<typeof request>;
  /** A staff member of the given practices, as the gateway would forward them. */
  caller(practiceIds: string[], name?: string): Caller;
  /**
   * Publishes the practice and its locations on practice.changes as the gateway would (real Kafka), and
   * waits until the knowledge read model shows every one of them.
   */
  publishPractice(practice: TestPractice): Promise<void>;
  /** The knowledge.changes payloads in the outbox for a practice, oldest first. */
  outbox(practiceId: string): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/** A realistic practice with two locations in different time zones, fresh ids each call. */
export function testPractice(overrides: Partial<TestPractice> = {}): TestPractice {
  return {
    practice_id: randomUUID(),
    name: 'Glow Aesthetics',
    website_url: 'https://glow-aesthetics.example',
    locations: [
      { location_id: randomUUID(), name: 'Uptown Clinic', timezone: 'America/Chicago', is_primary: true },
      { location_id: randomUUID(), name: 'Lakeside Studio', timezone: 'America/Chicago', is_primary: false },
    ],
    ...overrides,
  };
}

/**
 * A real knowledge service (real PostgreSQL, Redis and Kafka) on a database of its own. Calls go straight to
 * it with the internal identity header the gateway would add.
 */
export async function startKnowledge(
  label: string,
  env: Record<string, string> = {},
): Promise<KnowledgeHarness> {
  const isolated = await startIsolatedService(knowledgeService, knowledgeDatabase, label, env);
  const { service, dataSource } = isolated;
  return {
    ...isolated,
    http: () => request(service.app.getHttpServer()),
    caller: testCaller,
    async publishPractice(practice) {
      const envelope = () => ({
        v: 1 as const,
        event_id: randomUUID(),
        practice_id: practice.practice_id,
        occurred_at: new Date().toISOString(),
      });
      const events: PracticeChangeV1[] = [
        {
          ...envelope(),
          type: 'practice_updated',
          practice: {
            practice_id: practice.practice_id,
            name: practice.name,
            website_url: practice.website_url,
            automation_level: 'manual',
            outreach_preferences: {},
            site_key: `site_${practice.practice_id.replace(/-/g, '').slice(0, 24)}`,
          },
        },
        ...practice.locations.map((location): PracticeChangeV1 => {
          const snapshot: LocationSnapshot = {
            ...location,
            practice_id: practice.practice_id,
            address: '2100 McKinney Ave, Dallas, TX 75201',
            phone: '',
            is_active: true,
            business_hours: null,
          };
          return { ...envelope(), type: 'location_created', location: snapshot };
        }),
      ];
      await publishEvents(service.config.KAFKA_BROKERS, Topics.practiceChanges, events);
      await eventually(async () => {
        const [{ practices, locations }]: { practices: number; locations: number }[] = await dataSource.query(
          `SELECT (SELECT count(*)::int FROM "knowledge"."practices" WHERE "practice_id" = $1) AS practices,
                  (SELECT count(*)::int FROM "knowledge"."locations" WHERE "practice_id" = $1) AS locations`,
          [practice.practice_id],
        );
        return practices === 1 && locations === practice.locations.length;
      }, 30_000);
    },
    async outbox(practiceId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "knowledge"."outbox" WHERE "key" = $1 ORDER BY "id"`,
        [practiceId],
      );
      return rows.map((row) => row.payload);
    },
  };
}
