import { baseConfigSchema, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const onboardingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8084),
});

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema> & ServiceConfig;
