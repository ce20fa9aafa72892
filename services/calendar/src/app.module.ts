import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PracticeReadModelModule } from '@pp/platform';
import { AppointmentsModule } from './appointments/appointments.module';
import { CalendarConfig } from './config';
import { IntegrationsModule } from './integrations/integrations.module';
import { calendarDatabase } from './database/database';
import { CALENDAR_SYNC_QUEUE } from './queues';
import { SyncModule } from './sync/sync.module';

@Module({})
export class AppModule {
  static forRoot(config: CalendarConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: calendarDatabase }),
        BullModule.registerQueue({ name: CALENDAR_SYNC_QUEUE }),
        PracticeReadModelModule,
        AppointmentsModule,
        IntegrationsModule,
        SyncModule.forRoot(config),
      ],
    };
  }
}
