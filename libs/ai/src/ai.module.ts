import { DynamicModule, Logger, Module } from '@nestjs/common';
import { BuiltInLanguageModel, processLearnedReader } from './builtin/built-in-model';
import { type AiConfig, readAiConfig } from './config';
import { LearnedReader } from './learned/learned-reader';
import type { LanguageModel } from './model';
import { OpenAiCompatibleModel } from './openai/openai-model';
import { SafeLanguageModel } from './safe-model';
import { LANGUAGE_MODEL } from './tokens';

/**
 * The language model for a configuration: the OpenAI-compatible endpoint behind SafeLanguageModel (the
 * built-in provider as its safety net and fallback) when one is configured, else the built-in provider alone.
 * The built-in provider reads with the given learned reader (null: its rules alone).
 */
export function createLanguageModel(config: AiConfig, reader: LearnedReader | null = null): LanguageModel {
  const builtIn = new BuiltInLanguageModel({ reader: Promise.resolve(reader) });
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
 * Provides LANGUAGE_MODEL (docs/decisions/0012-language-model-providers.md). The settings are read and the learned
 * reader loaded when the module starts: a bad setting or a missing model stops the service with a message naming
 * it (AI_LEARNED_READER=off reads with the rules alone, for a machine without the model).
 */
@Module({})
export class AiModule {
  static forRoot(options: AiModuleOptions = {}): DynamicModule {
    return {
      module: AiModule,
      providers: [
        {
          provide: LANGUAGE_MODEL,
          useFactory: async (): Promise<LanguageModel> => {
            const env = options.env ?? process.env;
            const config = readAiConfig(env);
            const reader = env.AI_LEARNED_READER === 'off' ? null : await processLearnedReader();
            const model = createLanguageModel(config, reader);
            new Logger(AiModule.name).log({
              msg: 'language model',
              provider: config.provider,
              model: model.model,
              learned_reader: reader ? 'on' : 'off',
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
