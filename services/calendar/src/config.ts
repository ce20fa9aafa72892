import { baseConfigSchema, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const calendarConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8082),
});

export type CalendarConfig = z.infer<typeof calendarConfigSchema> & ServiceConfig;
