import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { PeopleConfig, peopleConfigSchema } from './config';

/** How the people service boots: used by main.ts, the migrate and seed commands and the tests. */
export const peopleService: ServiceDefinition<PeopleConfig> = {
  name: 'people',
  configSchema: peopleConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // calendar.appointments and tracking.forms (and practice.changes for the practice read model).
  consumerGroup: (config) => databaseConsumerGroup('people', config.DATABASE_URL),
};
