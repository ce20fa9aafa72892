import { databaseConsumerGroup, ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { KnowledgeConfig, knowledgeConfigSchema } from './config';

/** How the knowledge service boots: used by main.ts, the migrate and seed commands and the tests. */
export const knowledgeService: ServiceDefinition<KnowledgeConfig> = {
  name: 'knowledge',
  configSchema: knowledgeConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // practice.changes: the read model of practices and locations needs every event ever published, so a
  // new group starts from the beginning of the topic (then resumes from its committed offsets).
  consumerGroup: (config) => databaseConsumerGroup('knowledge', config.DATABASE_URL),
  consumeFromBeginning: true,
};
