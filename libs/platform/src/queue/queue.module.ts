import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { DefaultJobOptions } from 'bullmq';
import { BaseConfig, CONFIG } from '../config/config';

/** Retries with exponential backoff; bounded history so Redis does not grow without end. */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

/** BullMQ connection options from a redis:// or rediss:// URL. */
export function redisConnection(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** BullMQ wired from REDIS_URL. Services register their queues with `BullModule.registerQueue`. */
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [CONFIG],
          useFactory: (config: BaseConfig) => ({
            connection: redisConnection(config.REDIS_URL),
            prefix: config.QUEUE_PREFIX,
            defaultJobOptions: DEFAULT_JOB_OPTIONS,
          }),
        }),
      ],
      exports: [BullModule],
    };
  }
}
