import { Topics } from '@pp/contracts';
import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { PeopleConfig, peopleConfigSchema } from './config';

/** How the people service boots: used by main.ts, the migrate and seed commands and the tests. */
export const peopleService: ServiceDefinition<PeopleConfig> = {
  name: 'people',
  configSchema: peopleConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // calendar.appointments, practice.changes (the read model of practices), tracking.forms (intake),
  // knowledge.changes (what the AI may quote and answer from), analytics.lead-pageviews (web sessions),
  // gateway.twilio-webhooks (Twilio's SMS and status webhooks the gateway kept while people was away).
  consumerGroup: (config) => databaseConsumerGroup('people', config.DATABASE_URL),
  // The read models need every practice and every offer ever published (the demo seed's included), and a lead's
  // pageviews may be published before this group first subscribes their topic (analytics' backfill at deployment;
  // a message naming no lead of this database is skipped); so may a kept webhook (a gateway deployed before the
  // people that reads them: handled once per MessageSid, a number this database does not know is dropped). The
  // other topics start at the latest offset when the group is new (a new database does not replay other
  // databases' leads and appointments).
  consumeFromBeginning: [
    Topics.practiceChanges,
    Topics.knowledgeChanges,
    Topics.analyticsLeadPageviews,
    Topics.twilioWebhooks,
  ],
};
