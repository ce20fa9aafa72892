import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { BaseConfig } from '@pp/platform';
import { IntegrationsModule } from '../integrations/integrations.module';
import { CALENDAR_SYNC_QUEUE } from '../queues';
import { CalendarSyncProcessor } from './calendar-sync.processor';
import { GhlApi } from './ghl-api';
import { GhlRateLimiter } from './ghl-rate-limiter';
import { GhlSyncService } from './ghl-sync.service';
import { GhlWebhookController } from './ghl-webhook.controller';
import { GhlWebhookService } from './ghl-webhook';
import { CalendarSyncQueue } from './sync-queue';

/**
 * The two-way GoHighLevel sync (docs/decisions/0022-ghl-calendar-sync.md): every process takes webhooks and
 * queues pushes; only a worker (ROLE worker or all) runs the calendar-sync jobs and their schedule.
 */
@Module({})
export class SyncModule {
  static forRoot(config: Pick<BaseConfig, 'ROLE'>): DynamicModule {
    const workerProviders: Provider[] = config.ROLE === 'api' ? [] : [CalendarSyncProcessor];
    return {
      module: SyncModule,
      global: true,
      imports: [BullModule.registerQueue({ name: CALENDAR_SYNC_QUEUE }), IntegrationsModule],
      controllers: [GhlWebhookController],
      providers: [
        GhlApi,
        GhlRateLimiter,
        GhlSyncService,
        GhlWebhookService,
        CalendarSyncQueue,
        ...workerProviders,
      ],
      exports: [CalendarSyncQueue, GhlSyncService, GhlRateLimiter],
    };
  }
}
