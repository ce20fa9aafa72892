import { baseConfigSchema, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const knowledgeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8085),
});

export type KnowledgeConfig = z.infer<typeof knowledgeConfigSchema> & ServiceConfig;
