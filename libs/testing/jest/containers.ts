import { existsSync } from 'node:fs';

/**
 * Integration tests run against real PostgreSQL, Redis and Kafka. Where a Docker engine exists and the
 * *_URL variables are unset, testcontainers starts them; otherwise the tests use DATABASE_URL, REDIS_URL and
 * KAFKA_BROKERS (by default the local infrastructure that `npm test` brings up with deploy/local).
 */
export function dockerAvailable(): boolean {
  return !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
}

interface Stoppable {
  stop(): Promise<unknown>;
}

const started: Stoppable[] = [];

export async function startContainers(): Promise<void> {
  if (!dockerAvailable()) return;
  if (!process.env.DATABASE_URL) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const postgres = await new PostgreSqlContainer('postgres:15')
      .withUsername('postgres')
      .withPassword('postgres')
      .withDatabase('practicepilot')
      .start();
    started.push(postgres);
    process.env.DATABASE_URL = postgres.getConnectionUri();
  }
  if (!process.env.REDIS_URL) {
    const { RedisContainer } = await import('@testcontainers/redis');
    const redis = await new RedisContainer('redis:7').start();
    started.push(redis);
    process.env.REDIS_URL = redis.getConnectionUrl();
  }
  if (!process.env.KAFKA_BROKERS) {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const kafka = await new KafkaContainer('confluentinc/cp-kafka:7.9.0')
      .withKraft()
      .withExposedPorts(9093)
      .start();
    started.push(kafka);
    process.env.KAFKA_BROKERS = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
  }
}

export async function stopContainers(): Promise<void> {
  await Promise.all(started.splice(0).map((container) => container.stop()));
}
