import {
  baseConfigSchema,
  channelSettings,
  hostPortListSetting,
  ServiceConfig,
  trustProxySetting,
} from '@pp/platform';
import { z } from 'zod';

export const onboardingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8084),
  /** The demo's limits count client networks: the gateway in front (on loopback) names the client. */
  TRUST_PROXY: trustProxySetting('loopback'),
  /**
   * `host:port` entries a demo's crawl may reach although they resolve to a private or loopback address (tests
   * and local demos serve sites on loopback); the same setting as the knowledge service's. Empty by default.
   */
  CRAWL_ALLOWED_HOSTS: hostPortListSetting(),
  /** Demos one client network (an IPv4 address, an IPv6 /64) may start in an hour; 0 turns the limit off. */
  DEMO_STARTS_PER_HOUR: z.coerce.number().int().min(0).default(10),
  /** Fresh analyses of one site (`fresh: true`) an hour, whoever asks; 0 turns the limit off (benchmarks). */
  DEMO_FRESH_PER_SITE_PER_HOUR: z.coerce.number().int().min(0).default(3),
  // The voice demo calls through Twilio (docs/product/onboarding.md#voice-demo): with the account, its token and
  // DEMO_CALLER_ID; without them a demo call stays in the sandbox (recorded, not placed).
  ...channelSettings,
  /** The number demo calls come from (E.164, a voice-capable number of the Twilio account). */
  DEMO_CALLER_ID: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'must be a phone number in E.164 form')
      .optional(),
  ),
  /** Demo calls every demo together may place in 24 hours. */
  DEMO_CALLS_PER_DAY: z.coerce.number().int().min(0).default(200),
  /** How long a demo session lives, in hours; then it answers 404 and its data is deleted. */
  DEMO_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  // A language model improves the demo's extraction when configured (the engine's LLM_* settings, checked by
  // readAiConfig in @pp/ai; docs/decisions/0012-language-model-providers.md): both or neither of these two.
  LLM_BASE_URL: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_MS: z.string().optional(),
});

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema> & ServiceConfig;
