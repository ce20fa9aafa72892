import { DynamicModule, Module, Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BaseConfig, CONFIG } from './config/config';
import { dataSourceOptions, ServiceDatabase } from './database/data-source';
import { Inbox } from './database/inbox.service';
import { Outbox } from './database/outbox.service';
import { DATABASE_SCHEMA } from './database/tokens';
import { HealthController } from './health/health.controller';
import { MetricsServer } from './health/metrics-server';
import { RedisClient } from './health/redis.provider';
import { IdentityGuard } from './identity/identity.guard';
import { InternalTokens } from './identity/internal-token';
import { KafkaBatchHandlers, KafkaConsumerStatus } from './kafka/kafka.consumer';
import { KafkaProducer } from './kafka/kafka.producer';
import { OutboxRelay } from './kafka/outbox.relay';
import { LoggingModule } from './logging/logging.module';
import { QueueModule } from './queue/queue.module';

export type ServiceConfig = BaseConfig & { SERVICE_NAME: string };

export interface PlatformOptions {
  config: ServiceConfig;
  database: ServiceDatabase;
  /** Verify the gateway's internal identity token on every route not marked @Public() (default true). */
  identityGuard?: boolean;
  /**
   * The private key that signs internal identity tokens: the gateway's alone. Services omit it and can then
   * only verify (docs/decisions/0006-secrets-and-internal-identity.md).
   */
  identitySigningKey?: string;
}

/**
 * The building blocks every service stands on: configuration, logs, its database schema, the outbox and
 * inbox, Kafka, BullMQ, Redis, the identity guard, health and metrics.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { config, database } = options;
    const shared: Provider[] = [
      { provide: CONFIG, useValue: config },
      { provide: DATABASE_SCHEMA, useValue: database.schema },
      {
        provide: InternalTokens,
        useValue: new InternalTokens({
          publicKey: config.INTERNAL_IDENTITY_PUBLIC_KEY,
          privateKey: options.identitySigningKey,
        }),
      },
      MetricsServer,
      Outbox,
      Inbox,
      KafkaProducer,
      KafkaConsumerStatus,
      KafkaBatchHandlers,
      OutboxRelay,
      RedisClient,
    ];
    const providers = [...shared];
    if (options.identityGuard !== false) providers.push({ provide: APP_GUARD, useClass: IdentityGuard });
    return {
      module: PlatformModule,
      global: true,
      imports: [
        LoggingModule.forRoot(config.SERVICE_NAME, config.LOG_LEVEL),
        TypeOrmModule.forRoot(dataSourceOptions(config.DATABASE_URL, config.SERVICE_NAME, database)),
        TerminusModule.forRoot({ errorLogStyle: 'pretty', logger: false }),
        QueueModule.forRoot(),
      ],
      controllers: [HealthController],
      providers,
      exports: [...shared, QueueModule],
    };
  }
}
