import { PracticeReadModel } from '@pp/platform';
import {
  eventually,
  publishPracticeSnapshot,
  RunningService,
  startIsolatedService,
  startTestService,
  TestDatabase,
  testPracticeSnapshot,
  TestPracticeSnapshot,
} from '@pp/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { analyticsService } from '../src/analytics.service-definition';
import { AnalyticsConfig } from '../src/config';
import { analyticsDatabase } from '../src/database/database';

export interface AnalyticsHarness {
  service: RunningService<AnalyticsConfig>;
  database: TestDatabase;
  dataSource: DataSource;
  http: () => ReturnType<typeof request>;
  /**
   * Publishes a practice on practice.changes as the gateway would (real Kafka) and waits until analytics knows
   * its site key.
   */
  publishPractice(snapshot?: TestPracticeSnapshot): Promise<TestPracticeSnapshot>;
  /** Another analytics instance on the same database (its own settings), e.g. with Kafka out of reach. */
  sibling(env: Record<string, string>): Promise<RunningService<AnalyticsConfig>>;
  stop(): Promise<void>;
}

/** A real analytics service (real PostgreSQL, Redis and Kafka) on a database of its own. */
export async function startAnalytics(
  label: string,
  env: Record<string, string> = {},
): Promise<AnalyticsHarness> {
  const isolated = await startIsolatedService(analyticsService, analyticsDatabase, label, env);
  const { service } = isolated;
  const siblings: RunningService<AnalyticsConfig>[] = [];
  return {
    ...isolated,
    http: () => request(service.app.getHttpServer()),
    async publishPractice(snapshot = testPracticeSnapshot()) {
      await publishPracticeSnapshot(service.config.KAFKA_BROKERS, snapshot);
      const readModel = service.app.get(PracticeReadModel);
      await eventually(async () => (await readModel.bySiteKey(snapshot.practice.site_key)) ?? false, 60_000);
      return snapshot;
    },
    async sibling(siblingEnv) {
      const sibling = await startTestService(analyticsService, analyticsDatabase, {
        DATABASE_URL: isolated.database.url,
        ...siblingEnv,
      });
      siblings.push(sibling);
      return sibling;
    },
    async stop() {
      await Promise.all(siblings.map((sibling) => sibling.close()));
      await isolated.stop();
    },
  };
}
