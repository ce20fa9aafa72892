import { ServiceDefinition } from '@pp/platform';
import { AppModule } from './app.module';
import { OnboardingConfig, onboardingConfigSchema } from './config';

/** How the onboarding service boots: used by main.ts, the migrate and seed commands and the tests. */
export const onboardingService: ServiceDefinition<OnboardingConfig> = {
  name: 'onboarding',
  configSchema: onboardingConfigSchema,
  module: (config) => AppModule.forRoot(config),
  // No consumerGroup: onboarding consumes no topic.
};
