import { ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { AnalyticsConfig, analyticsConfigSchema } from './config';

/** How the analytics service boots: used by main.ts, the migrate and seed commands and the tests. */
export const analyticsService: ServiceDefinition<AnalyticsConfig> = {
  name: 'analytics',
  configSchema: analyticsConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // No consumerGroup until the first @EventPattern handler exists: analytics will consume
  // `people.lead-events` (live feed, overview), `tracking.pageviews`, `tracking.forms`,
  // `calendar.appointments` (scheduled consults) and `practice.changes` (read models).
};
