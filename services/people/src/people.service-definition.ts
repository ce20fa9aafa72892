import { ServiceDefinition } from '@pp/platform';
import { createHash } from 'node:crypto';
import { AppModule } from './app.module';
import { PeopleConfig, peopleConfigSchema } from './config';

/**
 * One consumer group per people database: instances of one deployment share the group (each event is
 * handled by one of them, and a restart resumes from the committed offset), while another deployment or a
 * test instance — each on its own database — gets a group of its own and never takes this one's events.
 * Credentials are left out of the name.
 */
export function peopleConsumerGroup(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  return `people-${createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}

/** How the people service boots: used by main.ts, the migrate and seed commands and the tests. */
export const peopleService: ServiceDefinition<PeopleConfig> = {
  name: 'people',
  configSchema: peopleConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // calendar.appointments now; tracking.forms and practice.changes join with their features.
  consumerGroup: (config) => peopleConsumerGroup(config.DATABASE_URL),
};
