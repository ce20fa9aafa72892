import { baseConfigSchema, hostPortListSetting, ServiceConfig } from '@pp/platform';
import { z } from 'zod';

export const knowledgeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8085),
  /**
   * `host:port` entries a crawl may reach although they resolve to a private or loopback address (tests and
   * local demos serve sites on loopback). Empty by default: every private address is refused.
   */
  CRAWL_ALLOWED_HOSTS: hostPortListSetting(),
});

export type KnowledgeConfig = z.infer<typeof knowledgeConfigSchema> & ServiceConfig;
