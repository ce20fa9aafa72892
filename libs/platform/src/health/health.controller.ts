import { Controller, Get } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { Public } from '../identity/identity.guard';
import { KafkaConsumerStatus } from '../kafka/kafka.consumer';
import { KafkaProducer } from '../kafka/kafka.producer';
import { RedisClient } from './redis.provider';

const CHECK_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer in time`)), CHECK_TIMEOUT_MS),
    ),
  ]);
}

/** Liveness and readiness (PostgreSQL, Redis, Kafka). Metrics have their own port: metrics-server.ts. */
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisClient,
    private readonly kafka: KafkaProducer,
    private readonly consumer: KafkaConsumerStatus,
  ) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.database.pingCheck('postgres', { timeout: CHECK_TIMEOUT_MS }),
      () => this.probe('redis', () => this.redis.ping()),
      () => this.probe('kafka', () => this.kafka.ping()),
      () =>
        this.probe('kafka_consumer', async () => {
          if (this.consumer.hasConsumer && !this.consumer.joined)
            throw new Error('consumer group has not joined');
        }),
    ]);
  }

  private async probe(key: string, check: () => Promise<unknown>) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(check(), key);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : String(error) });
    }
  }
}
