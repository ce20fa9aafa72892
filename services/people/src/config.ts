import { baseConfigSchema, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const peopleConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
});

export type PeopleConfig = z.infer<typeof peopleConfigSchema> & ServiceConfig;
