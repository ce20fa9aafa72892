import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PracticeReadModelModule } from '@pp/platform';
import { AnalyticsConfig } from './config';
import { analyticsDatabase } from './database/database';
import { LeadEventsModule } from './lead-events/lead-events.consumer';
import { OverviewModule } from './overview/overview.module';
import { PageviewsModule } from './pageviews/pageviews.module';
import { TrackingModule } from './tracking/tracking.module';

@Module({})
export class AppModule {
  static forRoot(config: AnalyticsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({ config, database: analyticsDatabase }),
        PracticeReadModelModule,
        TrackingModule,
        OverviewModule,
        PageviewsModule,
        LeadEventsModule,
      ],
    };
  }
}
