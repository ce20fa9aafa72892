import { ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { KnowledgeConfig, knowledgeConfigSchema } from './config';

/** How the knowledge service boots: used by main.ts, the migrate and seed commands and the tests. */
export const knowledgeService: ServiceDefinition<KnowledgeConfig> = {
  name: 'knowledge',
  configSchema: knowledgeConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // No consumerGroup until the first @EventPattern handler exists: knowledge will consume
  // `onboarding.sessions` (a demo became a practice: seed its knowledge and procedures) and
  // `practice.changes` (read models).
};
