import { existsSync } from 'node:fs';

/**
 * Integration tests run against real PostgreSQL, Redis and Kafka. Where a Docker engine exists and none of
 * DATABASE_URL, REDIS_URL and KAFKA_BROKERS is set, testcontainers starts all three; otherwise the tests use
 * those variables (by default the local infrastructure that `npm test` brings up with deploy/local).
 * deploy/local/test.mjs applies the same rule to decide whether to bring the local infrastructure up.
 */
export function usesContainers(): boolean {
  const docker = !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  return docker && !process.env.DATABASE_URL && !process.env.REDIS_URL && !process.env.KAFKA_BROKERS;
}

interface Stoppable {
  stop(): Promise<unknown>;
}

const started: Stoppable[] = [];

export async function startContainers(): Promise<void> {
  if (!usesContainers()) return;
  const [{ PostgreSqlContainer }, { RedisContainer }, { KafkaContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kafka'),
  ]);
  const [postgres, redis, kafka] = await Promise.all([
    new PostgreSqlContainer('postgres:15')
      .withUsername('postgres')
      .withPassword('postgres')
      .withDatabase('practicepilot')
      .start(),
    new RedisContainer('redis:7').start(),
    new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().withExposedPorts(9093).start(),
  ]);
  started.push(postgres, redis, kafka);
  process.env.DATABASE_URL = postgres.getConnectionUri();
  process.env.REDIS_URL = redis.getConnectionUrl();
  process.env.KAFKA_BROKERS = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
}

export async function stopContainers(): Promise<void> {
  await Promise.all(started.splice(0).map((container) => container.stop()));
}
