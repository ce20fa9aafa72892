import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { PeopleConfig, peopleConfigSchema } from './config';

/** How the people service boots: used by main.ts, the migrate and seed commands and the tests. */
export const peopleService: ServiceDefinition<PeopleConfig> = {
  name: 'people',
  configSchema: peopleConfigSchema,
  module: (config) => AppModule.forRoot(config),
  consumerGroup: (config) => databaseConsumerGroup('people', config.DATABASE_URL),
  // A new database (a new deployment) reads each topic from its beginning: what knowledge and the gateway
  // published before people subscribed (the demo seed's offers and practices) reaches the read models. The
  // inbox makes a replay harmless.
  consumeFromBeginning: true,
};
