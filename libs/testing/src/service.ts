import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from './database';
import { testTopicPrefix } from './kafka';
import { testSecrets } from './secrets';
import {
  createServiceApp,
  dataSourceOptions,
  KafkaConsumerStatus,
  loadServiceConfig,
  MetricsServer,
  runMigrations,
  ServiceConfig,
  ServiceDatabase,
  ServiceDefinition,
  startServiceApp,
} from '@pp/platform';

export interface RunningService<C extends ServiceConfig> {
  app: NestFastifyApplication;
  config: C;
  /** http://127.0.0.1:<port> */
  url: string;
  /** http://127.0.0.1:<metrics port>: Prometheus metrics, on their own port. */
  metricsUrl: string;
  close(): Promise<void>;
}

/**
 * Boots a real service as main.ts does (real PostgreSQL, Redis and Kafka), on a free port, after applying
 * its migrations to the given database.
 */
export async function startTestService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  database: ServiceDatabase,
  env: Record<string, string>,
): Promise<RunningService<C>> {
  // The metrics listener binds a port found free a moment before; another process can take it in between (as
  // startBuiltService's services can): start again on a fresh one, three tries.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestServiceOnce(definition, database, env);
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
      if (!inUse || env.METRICS_PORT !== undefined || attempt === 3) throw error;
    }
  }
}

/**
 * When this test file began (less a margin for the clock): a service started here builds its read models from
 * the events published since, not from every event earlier files of the run published on its topics
 * (KAFKA_REPLAY_SINCE); nothing of other runs or of a running `npm start` is there (KAFKA_TOPIC_PREFIX).
 */
const REPLAY_SINCE = new Date(Date.now() - 5_000).toISOString();

async function startTestServiceOnce<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  database: ServiceDatabase,
  env: Record<string, string>,
): Promise<RunningService<C>> {
  const config = loadServiceConfig(definition, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Fresh random secrets for this run; each service's schema keeps only the ones it reads (a service
    // other than the gateway never reads the private key).
    ...testSecrets(),
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    // The test run's topics and consumer groups: never a running `npm start`'s, nor another run's.
    KAFKA_TOPIC_PREFIX: testTopicPrefix(),
    KAFKA_REPLAY_SINCE: REPLAY_SINCE,
    // In the test runner's process: a consumer crash marks the service not ready, never exits the runner.
    KAFKA_CONSUMER_CRASH: 'report',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    PORT: '0',
    METRICS_PORT: String(await freePort()),
    // Each instance its own BullMQ keys: parallel test files never process each other's jobs.
    QUEUE_PREFIX: `pp-test-${Math.random().toString(36).slice(2, 10)}`,
    ...env,
  });
  await runMigrations(dataSourceOptions(config.DATABASE_URL, `${definition.name}-test-migrate`, database));
  const app = await createServiceApp(definition, config);
  try {
    await startServiceApp(app, config);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  // A new consumer group reads from the latest offset once joined: wait, so no event is missed.
  const consumer = app.get(KafkaConsumerStatus);
  if (consumer.hasConsumer) await eventually(async () => consumer.joined, 30_000);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const metricsPort = app.get(MetricsServer).port ?? 0;
  return {
    app,
    config: { ...config, PORT: port, METRICS_PORT: metricsPort },
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    close: () => app.close(),
  };
}

/** Polls until `check` returns a value (not undefined/false) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

export interface ServiceProcess {
  url: string;
  /** Where its Prometheus metrics answer, when started with `METRICS_PORT: 'free'`. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Runs another service as its own process, from its build (`npm run build`), as in production: migrate,
 * start, wait until ready. For tests that cross a service boundary without importing the other service.
 * `METRICS_PORT: 'free'` picks a free port for the metrics listener (answered as `metricsUrl`). A free port can
 * be taken by another test process between the check and the service's bind: a service that exits before it is
 * ready is started again on fresh ports (three tries).
 */
export async function startBuiltService(name: string, env: Record<string, string>): Promise<ServiceProcess> {
  const { execFile } = await import('node:child_process');
  const { join } = await import('node:path');
  const { promisify } = await import('node:util');
  const dist = join(__dirname, '..', '..', '..', 'services', name, 'dist');
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    ...testSecrets(),
    QUEUE_PREFIX: `pp-test-${Math.random().toString(36).slice(2, 10)}`,
    KAFKA_TOPIC_PREFIX: testTopicPrefix(),
    KAFKA_REPLAY_SINCE: REPLAY_SINCE,
    ...env,
  };
  const { METRICS_PORT, ...migrateEnv } = baseEnv;
  await promisify(execFile)('node', [join(dist, 'database', 'migrate.js')], {
    env: METRICS_PORT === 'free' ? migrateEnv : baseEnv,
  });
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchBuiltService(dist, baseEnv);
    } catch (error) {
      if (!(error instanceof ExitedBeforeReady) || attempt === 3) throw error;
    }
  }
}

class ExitedBeforeReady extends Error {}

async function launchBuiltService(dist: string, baseEnv: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const { spawn } = await import('node:child_process');
  const { join } = await import('node:path');
  const port = await freePort();
  const metricsPort = baseEnv.METRICS_PORT === 'free' ? await freePort() : undefined;
  const child = spawn('node', [join(dist, 'main.js')], {
    env: {
      ...baseEnv,
      PORT: String(port),
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exitedEarly = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exitedEarly = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await eventually(async () => exitedEarly || (await fetch(`${url}/health/ready`)).ok, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  if (exitedEarly) throw new ExitedBeforeReady(`${dist} exited before it was ready`);
  return {
    url,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}` : undefined,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface IsolatedService<C extends ServiceConfig> {
  service: RunningService<C>;
  database: TestDatabase;
  dataSource: DataSource;
  /** Stops the service, then drops its database. */
  stop(): Promise<void>;
}

/** A real service on a fresh database of its own (named after `label`), as every test harness starts one. */
export async function startIsolatedService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  schema: ServiceDatabase,
  label: string,
  env: Record<string, string> = {},
): Promise<IsolatedService<C>> {
  const database = await createTestDatabase(label);
  const service = await startTestService(definition, schema, { DATABASE_URL: database.url, ...env });
  return {
    service,
    database,
    dataSource: service.app.get(DataSource),
    async stop() {
      await service.close();
      await database.drop();
    },
  };
}
