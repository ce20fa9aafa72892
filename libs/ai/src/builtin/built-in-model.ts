import type {
  Answer,
  AnswerRequest,
  Draft,
  DraftRequest,
  LanguageModel,
  ModelCallOptions,
  UnderstandRequest,
  Understanding,
} from '../model';
import { LearnedReader } from '../learned/learned-reader';
import { answerQuestion } from './answer/answer';
import { draftMessage } from './draft/draft';
import { rulesSafety, settledByRules, understandInquiry } from './understand/understand';

/** Where the learned reader comes from: loaded once per process and shared, or given (tests), or none. */
export interface BuiltInOptions {
  /** 'shared' (the default): the process's one reader, loaded on first use. null: rules only. */
  reader?: 'shared' | Promise<LearnedReader | null> | null;
  /** Told once when the shared reader cannot load (the provider then reads with its rules alone). */
  onReaderUnavailable?: (error: Error) => void;
}

let loaded: Promise<LearnedReader> | null = null;
let orRulesAlone: Promise<LearnedReader | null> | null = null;

/**
 * The process's one learned reader, loaded on first use and kept (its model is about 80 MB): the language model
 * of AiModule and any other built-in reading of the process share it. Rejects when the model cannot load.
 */
export function processLearnedReader(): Promise<LearnedReader> {
  loaded ??= LearnedReader.load();
  return loaded;
}

/**
 * The process's learned reader for a built-in reading that must not fail: AI_LEARNED_READER=off reads with the
 * rules alone, and a reader that cannot load (the model not fetched) leaves the rules alone too, saying so once
 * through `onUnavailable`.
 */
export function sharedLearnedReader(onUnavailable?: (error: Error) => void): Promise<LearnedReader | null> {
  if (process.env.AI_LEARNED_READER === 'off') return Promise.resolve(null);
  orRulesAlone ??= processLearnedReader().catch((error: Error) => {
    (onUnavailable ?? ((e: Error) => console.warn(`Built-in AI: rules only. ${e.message}`)))(error);
    return null;
  });
  return orRulesAlone;
}

/**
 * The built-in provider (docs/architecture.md#the-ai): rules, the procedure catalogue with its synonyms, the
 * learned reader beside them (a sentence-embedding model run in process: docs/decisions/0034-learned-reader.md),
 * templates and retrieval over the passages it is given. Offline; the default provider, and the fallback of
 * SafeLanguageModel. A call that was aborted before it started rejects with the signal's reason, as a provider
 * over the network would.
 */
export class BuiltInLanguageModel implements LanguageModel {
  readonly provider = 'built-in' as const;
  readonly model = 'built-in';
  private readonly reader: Promise<LearnedReader | null> | null;

  constructor(options: BuiltInOptions = {}) {
    const reader = options.reader === undefined ? 'shared' : options.reader;
    this.reader = reader === 'shared' ? sharedLearnedReader(options.onReaderUnavailable) : reader;
  }

  async understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding> {
    options?.signal?.throwIfAborted();
    const reader = await this.reader;
    const safety = rulesSafety(request);
    // The reader reads what the rules have not settled (a person must see it already, or it is spam).
    const learned = reader && !settledByRules(safety) ? await reader.read(request) : undefined;
    return understandInquiry(request, learned, safety);
  }

  async draft(request: DraftRequest, options?: ModelCallOptions): Promise<Draft> {
    options?.signal?.throwIfAborted();
    return draftMessage(request);
  }

  async answer(request: AnswerRequest, options?: ModelCallOptions): Promise<Answer> {
    options?.signal?.throwIfAborted();
    return answerQuestion(request);
  }
}
