import { DynamicModule, Logger, Module } from '@nestjs/common';
import { BuiltInLanguageModel } from './builtin/built-in-model';
import { type AiConfig, readAiConfig } from './config';
import type { LanguageModel } from './model';
import { OpenAiCompatibleModel } from './openai/openai-model';
import { SafeLanguageModel } from './safe-model';
import { LANGUAGE_MODEL } from './tokens';

/**
 * The language model for a configuration: the OpenAI-compatible endpoint behind SafeLanguageModel (the
 * built-in provider as its safety net and fallback) when one is configured, else the built-in provider alone.
 */
export function createLanguageModel(config: AiConfig): LanguageModel {
  const builtIn = new BuiltInLanguageModel();
  if (config.provider === 'built-in') return builtIn;
  const endpoint = new OpenAiCompatibleModel({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: 1,
  });
  return new SafeLanguageModel(endpoint, builtIn, { timeoutMs: config.timeoutMs });
}

export interface AiModuleOptions {
  /** Where the LLM_* settings are read; process.env by default (tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Provides LANGUAGE_MODEL (docs/decisions/0012-language-model-providers.md). The settings are read when the
 * module starts: a bad one stops the service with a message naming it.
 */
@Module({})
export class AiModule {
  static forRoot(options: AiModuleOptions = {}): DynamicModule {
    return {
      module: AiModule,
      providers: [
        {
          provide: LANGUAGE_MODEL,
          useFactory: (): LanguageModel => {
            const config = readAiConfig(options.env ?? process.env);
            const model = createLanguageModel(config);
            new Logger(AiModule.name).log({
              msg: 'language model',
              provider: config.provider,
              model: model.model,
              ...(config.provider === 'openai-compatible' && {
                endpoint: new URL(config.baseUrl).host,
                timeout_ms: config.timeoutMs,
              }),
            });
            return model;
          },
        },
      ],
      exports: [LANGUAGE_MODEL],
    };
  }
}
