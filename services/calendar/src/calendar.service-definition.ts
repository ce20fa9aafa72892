import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { CalendarConfig, calendarConfigSchema } from './config';
import { keepGhlWebhookBody } from './sync/ghl-webhook';

/** How the calendar service boots: used by main.ts, the migrate and seed commands and the tests. */
export const calendarService: ServiceDefinition<CalendarConfig> = {
  name: 'calendar',
  configSchema: calendarConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // practice.changes: the read model of practices and locations needs every event ever published, so a
  // new group starts from the beginning of the topic (then resumes from its committed offsets).
  consumerGroup: (config) => databaseConsumerGroup('calendar', config.DATABASE_URL),
  consumeFromBeginning: true,
  // GoHighLevel's webhook signature is over the exact bytes it sent.
  configure: (app) => keepGhlWebhookBody(app.getHttpAdapter().getInstance()),
};
