import { z } from 'zod';

/** Values only a developer machine may fall back on; production refuses to start without real ones. */
const DEV_ONLY_SECRET = 'dev-only-secret-never-use-in-production-0000';

/** A secret: unset (or empty) falls back to a development-only value, which production refuses. */
export const secretSetting = (name: string) =>
  z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(32, `${name} must be at least 32 characters`).optional(),
    )
    .transform((value, ctx) => {
      if (value) return value;
      if (process.env.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', message: `${name} is required in production` });
        return z.NEVER;
      }
      return `${DEV_ONLY_SECRET}-${name}`;
    });

export const urlSetting = (protocols: string[], fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** The settings every service reads (docs/architecture.md#running-it). */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /**
   * Which proxies may set X-Forwarded-For: 'false' (default: the socket address is the client), 'true',
   * a hop count, or a comma-separated list of addresses/CIDRs (e.g. the ingress's).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => {
      if (value === 'true' || value === 'false') return value === 'true';
      return /^\d+$/.test(value) ? Number(value) : value;
    }),
  DATABASE_URL: urlSetting(['postgres:', 'postgresql:'], 'postgres://postgres@127.0.0.1:5432/practicepilot'),
  REDIS_URL: urlSetting(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((value) =>
      value
        .split(',')
        .map((broker) => broker.trim())
        .filter(Boolean),
    )
    .refine((brokers) => brokers.length > 0 && brokers.every((b) => /^[^:\s]+:\d+$/.test(b)), {
      message: 'must be a comma-separated list of host:port',
    }),
  INTERNAL_TOKEN_SECRET: secretSetting('INTERNAL_TOKEN_SECRET'),
  /** BullMQ key prefix in Redis. Tests give each service instance its own, so workers never share jobs. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/, 'must be letters, digits, _ or -')
    .default('pp'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Validates the environment against a service's schema. Throws a ConfigError naming every bad variable,
 * so a service with a bad value refuses to start and says which.
 */
export function loadConfig<S extends z.ZodType<BaseConfig>>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  throw new ConfigError(service, problems);
}

/** Injection token of the validated configuration object. */
export const CONFIG = Symbol('CONFIG');
