import { Provider } from '@nestjs/common';
import { OpenAiCompatibleModel, readAiConfig } from '@pp/ai';
import { CONFIG } from '@pp/platform';
import { OnboardingConfig } from '../config';

/** The language model that improves a demo's extraction, or null when none is configured. */
export const PRACTICE_FACTS_MODEL = Symbol('PRACTICE_FACTS_MODEL');

/** How long a demo waits for the model's facts before it keeps the rules' extraction alone. */
export const PRACTICE_FACTS_TIMEOUT_MS = 20_000;

export type PracticeFactsModel = Pick<OpenAiCompatibleModel, 'practiceFacts'>;

export const practiceFactsModelProvider: Provider = {
  provide: PRACTICE_FACTS_MODEL,
  inject: [CONFIG],
  useFactory: (config: OnboardingConfig): PracticeFactsModel | null => {
    const ai = readAiConfig({
      NODE_ENV: config.NODE_ENV,
      LLM_BASE_URL: config.LLM_BASE_URL,
      LLM_MODEL: config.LLM_MODEL,
      LLM_API_KEY: config.LLM_API_KEY,
      LLM_TIMEOUT_MS: config.LLM_TIMEOUT_MS,
    });
    if (ai.provider !== 'openai-compatible') return null;
    return new OpenAiCompatibleModel({
      baseUrl: ai.baseUrl,
      apiKey: ai.apiKey,
      model: ai.model,
      // A demo's pages are a longer read than one message: at least the demo's own limit.
      timeoutMs: Math.max(ai.timeoutMs, PRACTICE_FACTS_TIMEOUT_MS),
      maxRetries: 1,
    });
  },
};
