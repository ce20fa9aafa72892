import { ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { CalendarConfig, calendarConfigSchema } from './config';

/** How the calendar service boots: used by main.ts, the migrate and seed commands and the tests. */
export const calendarService: ServiceDefinition<CalendarConfig> = {
  name: 'calendar',
  configSchema: calendarConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // No consumerGroup until the first @EventPattern handler exists: calendar will consume
  // `practice.changes` (read models of practices and locations).
};
