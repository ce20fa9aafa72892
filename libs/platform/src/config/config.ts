import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  isKeyPair,
  parseIdentityPrivateKey,
  parseIdentityPublicKeys,
  privateKeySeed,
} from '../identity/identity-keys';
import { secretProblems } from './secret-strength';

/**
 * Settings that hold a secret, with the checks production adds (secret-strength.ts). Marked here rather
 * than in each field so that loadConfig can check them once it knows NODE_ENV.
 */
const PRODUCTION_CHECKS = new WeakMap<z.ZodType, (value: string) => string[]>();

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const required = (name: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined
        ? `${name} is required (or ${name}_FILE naming a file that holds it); ` +
          '`npm start` generates local ones in deploy/local/.secrets/'
        : `${name} must be text`,
  });

/**
 * A secret (at least 32 characters). There is no default anywhere: unset, the service refuses to start.
 * In production it must also pass the strength rules (long, unpredictable, no placeholder words).
 */
export const secretSetting = (name: string) => {
  const schema = z.preprocess(
    emptyAsUnset,
    required(name).refine((value) => secretProblems(value, { production: false }).length === 0, {
      message: `${name} must be at least 32 characters`,
    }),
  );
  PRODUCTION_CHECKS.set(schema, (value) => secretProblems(value, { production: true }));
  return schema;
};

/**
 * The Ed25519 public key that verifies internal identity tokens (PEM, or base64 of its SPKI DER); during a
 * rotation, the new and the old key (PEM blocks one after the other, or base64 values separated by commas).
 */
export const identityPublicKeySetting = (name: string) =>
  z.preprocess(
    emptyAsUnset,
    required(name).refine(
      (value) => attempt(() => parseIdentityPublicKeys(value)),
      `${name} must be an Ed25519 public key (PEM, or base64 of its SPKI DER)`,
    ),
  );

/** The Ed25519 private key that signs internal identity tokens (PEM, or base64 of its PKCS#8 DER). */
export const identityPrivateKeySetting = (name: string) => {
  const schema = z.preprocess(
    emptyAsUnset,
    required(name).refine(
      (value) => attempt(() => parseIdentityPrivateKey(value)),
      `${name} must be an Ed25519 private key (PEM, or base64 of its PKCS#8 DER)`,
    ),
  );
  PRODUCTION_CHECKS.set(schema, (value) => {
    // A key pair made by a generator has 32 random bytes; a hand-made or zeroed one does not.
    const seed = privateKeySeed(parseIdentityPrivateKey(value));
    return new Set(seed).size < 16 ? ['is not a randomly generated key: generate a new pair'] : [];
  });
  return schema;
};

/** Whether a private key setting is the pair of (one of) the public key setting's keys (the gateway checks). */
export function keysMatch(privateKey: string, publicKeys: string): boolean {
  try {
    return isKeyPair(parseIdentityPrivateKey(privateKey), parseIdentityPublicKeys(publicKeys));
  } catch {
    return false;
  }
}

function attempt(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}

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

/**
 * A comma-separated list of `host:port` (lower-cased; empty by default). CRAWL_ALLOWED_HOSTS uses it: the
 * hosts a crawl and a practice's Website URL may reach although they resolve to a private address, so tests
 * and local demos can use a site served on loopback.
 */
export const hostPortListSetting = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => /^(\[[0-9a-f:.]+\]|[^:\s/\[\]]+):\d{1,5}$/.test(entry)), {
      message: 'must be a comma-separated list of host:port',
    });

/**
 * TRUST_PROXY: 'false' (the socket address is the client), 'true', a hop count, or a comma-separated list of
 * addresses/CIDRs or proxy-addr names such as 'loopback'. A service may give it another default (analytics
 * trusts the gateway on loopback).
 */
export const trustProxySetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value): boolean | number | string => {
      if (value === 'true' || value === 'false') return value === 'true';
      return /^\d+$/.test(value) ? Number(value) : value;
    });

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
  TRUST_PROXY: trustProxySetting('false'),
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
  /**
   * Put before every topic name this service writes and reads (letters, digits, '.', '_' or '-'): a second
   * stack on the same broker — a benchmark's, the browser tests' — keeps its events apart from the
   * developer's `npm start`. Empty by default; every service of one stack must have the same.
   */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, "must be letters, digits, '.', '_' or '-'")
    .default(''),
  /**
   * What the service does when its Kafka consumer stops on an error kafkajs does not retry: 'exit' (the default),
   * for its supervisor to start it again; 'report', readiness down only (the test harnesses, whose services run in
   * the test runner's process).
   */
  KAFKA_CONSUMER_CRASH: z.enum(['exit', 'report']).default('exit'),
  /**
   * Where a NEW consumer group starts the topics its service reads: unset (the default), at the beginning of
   * those it reads from the beginning (`consumeFromBeginning`) and at the end of the others; an ISO 8601 time,
   * every topic at the first message written at or after it. The test harnesses set it to the start of the
   * test file, so a fresh test database's read models are built from the events that file publishes instead of
   * replaying every event all earlier test files published, and an event a test publishes just after the
   * service reported ready is never skipped. A group with committed offsets always resumes from them.
   */
  KAFKA_REPLAY_SINCE: z
    .union([z.literal(''), z.iso.datetime({ offset: true })])
    .optional()
    .transform((value) => (value ? new Date(value) : undefined)),
  /** Verifies the gateway's internal identity token (docs/decisions/0006-secrets-and-internal-identity.md). */
  INTERNAL_IDENTITY_PUBLIC_KEY: identityPublicKeySetting('INTERNAL_IDENTITY_PUBLIC_KEY'),
  /** Port of the Prometheus /metrics listener on HOST; 0 (the default) serves no metrics. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
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

/** The shape of an object schema, or null for any other schema. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;
}

/**
 * The `NAME_FILE` convention (Docker and Kubernetes secrets): for each setting NAME of the schema that is
 * unset while NAME_FILE is set, NAME takes the content of that file (surrounding whitespace trimmed).
 */
function readSettingFiles(
  names: string[],
  env: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; problems: string[] } {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`${name}: set either ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`);
    }
  }
  return { env: resolved, problems };
}

/**
 * In production, every secret setting must pass its strength checks, and TRUST_PROXY may not trust every
 * hop: with `true` any client could pick its own address in X-Forwarded-For and escape the per-network
 * sign-in limits.
 */
function productionProblems(shape: Record<string, z.ZodType>, config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const proxy =
    config.TRUST_PROXY === true
      ? [
          'TRUST_PROXY: true trusts any X-Forwarded-For a client sends; give the hop count of the proxies in front (e.g. 1) or their addresses',
        ]
      : [];
  return proxy.concat(
    Object.entries(shape).flatMap(([name, setting]) => {
      const check = PRODUCTION_CHECKS.get(setting);
      const value = config[name];
      if (!check || typeof value !== 'string') return [];
      return check(value).map((problem) => `${name}: ${name} ${problem}`);
    }),
  );
}

/**
 * The environment less its empty (or blank) variables: an empty value means 'not set', as Compose's
 * `${NAME:-}` and a blank Secret key give it. A setting with a default takes its default, an optional one
 * is not configured, a required one says it is required (never a half-read value such as EMAIL_POLL_SECONDS=''
 * coerced to 0). A NAME_FILE whose file is empty counts as unset too.
 */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value === undefined || value.trim() !== ''),
  );
}

/**
 * Validates the environment against a service's schema (reading NAME_FILE for each unset NAME; an empty
 * variable counts as unset). Throws a ConfigError naming every bad variable, so a service with a bad value
 * refuses to start and says which.
 * With NODE_ENV=production, every secret must also be strong (secret-strength.ts). Libraries with settings of
 * their own (libs/ai's LLM_*) validate them with a schema of those settings only.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const shape = shapeOf(schema) ?? {};
  const files = readSettingFiles(Object.keys(shape), withoutEmpty(env));
  const result = schema.safeParse(withoutEmpty(files.env));
  const problems = [...files.problems];
  if (!result.success) {
    problems.push(
      ...result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  } else {
    problems.push(...productionProblems(shape, result.data as Record<string, unknown>));
  }
  if (problems.length > 0) throw new ConfigError(service, problems);
  return (result as { data: z.infer<S> }).data;
}

/** Injection token of the validated configuration object. */
export const CONFIG = Symbol('CONFIG');
