import { baseConfigSchema, ServiceConfig, urlSetting } from '@pp/platform';
import { z } from 'zod';

export const calendarConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** The people service, asked whether a lead belongs to the practice before an appointment is booked. */
  PEOPLE_URL: urlSetting(['http:', 'https:'], 'http://127.0.0.1:8081'),
  /** How long that question may take before the booking is refused as unavailable. */
  PEOPLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
});

export type CalendarConfig = z.infer<typeof calendarConfigSchema> & ServiceConfig;
