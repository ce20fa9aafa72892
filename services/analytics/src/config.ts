import { baseConfigSchema, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const analyticsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8083),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema> & ServiceConfig;
