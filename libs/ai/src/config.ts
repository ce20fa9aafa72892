import { ConfigError, loadConfig, secretProblems } from '@pp/platform';
import { z } from 'zod';

/** Which language model a service runs with (docs/decisions/0012-language-model-providers.md). */
export type AiConfig =
  | { provider: 'built-in' }
  | {
      provider: 'openai-compatible';
      /** The endpoint's API root, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
      baseUrl: string;
      /** Sent as `Authorization: Bearer …`; null for an endpoint that needs none. Never logged. */
      apiKey: string | null;
      model: string;
      /** Longest wait for one call, retry included; past it the built-in result is used. */
      timeoutMs: number;
    };

export const DEFAULT_LLM_TIMEOUT_MS = 8000;

const emptyAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const aiSettingsSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    LLM_BASE_URL: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .trim()
        .refine((value) => {
          try {
            return ['http:', 'https:'].includes(new URL(value).protocol);
          } catch {
            return false;
          }
        }, 'must be a URL starting with http:// or https://')
        .optional(),
    ),
    LLM_MODEL: z.preprocess(emptyAsUnset, z.string().trim().optional()),
    LLM_API_KEY: z.preprocess(emptyAsUnset, z.string().trim().optional()),
    LLM_TIMEOUT_MS: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ error: 'must be a whole number of milliseconds above 0' })
        .int('must be a whole number of milliseconds above 0')
        .positive('must be a whole number of milliseconds above 0')
        .default(DEFAULT_LLM_TIMEOUT_MS),
    ),
  })
  .superRefine((settings, context) => {
    if (settings.LLM_BASE_URL && !settings.LLM_MODEL)
      context.addIssue({
        code: 'custom',
        path: ['LLM_MODEL'],
        message: 'is required when LLM_BASE_URL is set',
      });
    if (settings.LLM_MODEL && !settings.LLM_BASE_URL)
      context.addIssue({
        code: 'custom',
        path: ['LLM_BASE_URL'],
        message: 'is required when LLM_MODEL is set',
      });
  });

/**
 * The language-model settings from the environment: LLM_BASE_URL and LLM_MODEL choose the OpenAI-compatible
 * provider (both or neither), LLM_API_KEY (or LLM_API_KEY_FILE, the platform's NAME_FILE convention) its key,
 * LLM_TIMEOUT_MS its time limit (8000 by default). Neither set: the built-in provider. A bad value throws a
 * ConfigError naming the setting, so the service refuses to start; in production a key must also be a strong
 * secret (the platform's secret rules).
 */
export function readAiConfig(env: NodeJS.ProcessEnv): AiConfig {
  const settings = loadConfig('language model', aiSettingsSchema, env);
  if (!settings.LLM_BASE_URL || !settings.LLM_MODEL) return { provider: 'built-in' };
  const apiKey = settings.LLM_API_KEY ?? null;
  if (apiKey !== null && settings.NODE_ENV === 'production') {
    const problems = secretProblems(apiKey, { production: true });
    if (problems.length > 0)
      throw new ConfigError(
        'language model',
        problems.map((problem) => `LLM_API_KEY: LLM_API_KEY ${problem}`),
      );
  }
  return {
    provider: 'openai-compatible',
    baseUrl: settings.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey,
    model: settings.LLM_MODEL,
    timeoutMs: settings.LLM_TIMEOUT_MS,
  };
}
