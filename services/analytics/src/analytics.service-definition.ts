import { Topics } from '@pp/contracts';
import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { AnalyticsConfig, analyticsConfigSchema } from './config';
import { limitTrackingBody } from './tracking/tracking-route';

/** How the analytics service boots: used by main.ts, the migrate and seed commands and the tests. */
export const analyticsService: ServiceDefinition<AnalyticsConfig> = {
  name: 'analytics',
  configSchema: analyticsConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // practice.changes (the read model: which site key is which practice's) now; `people.lead-events`,
  // `tracking.pageviews` and `calendar.appointments` join with the analytics features.
  consumerGroup: (config) => databaseConsumerGroup('analytics', config.DATABASE_URL),
  // The read model needs every practice ever published; later topics start at the latest offset.
  consumeFromBeginning: [Topics.practiceChanges],
  configure: (app) => limitTrackingBody(app.getHttpAdapter().getInstance()),
};
