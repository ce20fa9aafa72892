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
import { answerQuestion } from './answer/answer';
import { draftMessage } from './draft/draft';
import { understandInquiry } from './understand/understand';

/**
 * The built-in provider (docs/architecture.md#the-ai): rules, the procedure catalogue with its synonyms,
 * templates and retrieval over the passages it is given. Deterministic, synchronous underneath and offline; the
 * default provider, and the fallback of SafeLanguageModel. A call that was aborted before it started rejects
 * with the signal's reason, as a provider over the network would.
 */
export class BuiltInLanguageModel implements LanguageModel {
  readonly provider = 'built-in' as const;
  readonly model = 'built-in';

  async understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding> {
    options?.signal?.throwIfAborted();
    return understandInquiry(request);
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
