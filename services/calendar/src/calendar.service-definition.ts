import { ServiceDefinition } from '@pp/platform';
import { createHash } from 'node:crypto';
import { AppModule } from './app.module';
import { CalendarConfig, calendarConfigSchema } from './config';

/**
 * One consumer group per calendar database (as people does): instances of one deployment share it, a test
 * instance on its own database gets its own. Credentials are left out of the name.
 */
export function calendarConsumerGroup(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `calendar-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}

/** How the calendar service boots: used by main.ts, the migrate and seed commands and the tests. */
export const calendarService: ServiceDefinition<CalendarConfig> = {
  name: 'calendar',
  configSchema: calendarConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // practice.changes: the read model of practices and locations needs every event ever published, so a
  // new group starts from the beginning of the topic (then resumes from its committed offsets).
  consumerGroup: (config) => calendarConsumerGroup(config.DATABASE_URL),
  consumeFromBeginning: true,
};
