import { createTestDatabase, RunningService, startTestService, TestDatabase } from '@pp/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { GatewayConfig } from '../src/config';
import { gatewayDatabase } from '../src/database/database';
import { gatewayService } from '../src/gateway.service-definition';
import { Tenants, TestUser } from './factories/tenants';

export interface GatewayHarness {
  gateway: RunningService<GatewayConfig>;
  database: TestDatabase;
  tenants: Tenants;
  dataSource: DataSource;
  http: () => ReturnType<typeof request>;
  login(user: TestUser): Promise<string>;
  stop(): Promise<void>;
}

/** A real gateway on its own database, with real Redis and Kafka. Services it forwards to are given in env. */
export async function startGateway(label: string, env: Record<string, string> = {}): Promise<GatewayHarness> {
  const database = await createTestDatabase(label);
  const gateway = await startTestService(gatewayService, gatewayDatabase, {
    DATABASE_URL: database.url,
    CONSOLE_DIR: '/nonexistent-console-build',
    TRUST_PROXY: 'true',
    // Services that are not started in a test: a closed local port, so forwarding fails fast.
    PEOPLE_URL: 'http://127.0.0.1:9',
    CALENDAR_URL: 'http://127.0.0.1:9',
    ANALYTICS_URL: 'http://127.0.0.1:9',
    ONBOARDING_URL: 'http://127.0.0.1:9',
    KNOWLEDGE_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const dataSource = gateway.app.get(DataSource);
  const http = () => request(gateway.app.getHttpServer());
  return {
    gateway,
    database,
    dataSource,
    tenants: new Tenants(dataSource),
    http,
    async login(user) {
      const response = await http()
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
        .type('form')
        .send({ username: user.email, password: user.password })
        .expect(200);
      return response.body.access_token as string;
    },
    async stop() {
      await gateway.close();
      await database.drop();
    },
  };
}
