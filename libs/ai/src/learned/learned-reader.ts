import type { EscalationReason, Intent } from '@pp/contracts';
import type { UnderstandRequest } from '../model';
import { SentenceEmbedder } from './embedder';
import { ESCALATION_CLASSES, INTENT_CLASSES, learnedText, MUST_ESCALATE, toExample } from './learned-input';
import { EMBEDDING_MODEL, modelFiles, type ModelFiles } from './model-files';
import { softmaxProbabilities, type SoftmaxWeights } from './softmax';
import { WEIGHTS } from './weights';
import { loadHead } from './weights-file';

/** What the learned reader makes of a message: calibrated probabilities. */
export interface LearnedReading {
  intents: Record<Intent, number>;
  /** P(each escalation reason), and P(none). */
  escalations: Record<EscalationReason | 'none', number>;
  /** P(a person must handle it): the sum over the reasons that need one. */
  mustEscalate: number;
  /** The most likely reason among those, should it escalate. */
  likelyReason: EscalationReason;
  /** mustEscalate at or above which it escalates (chosen for recall by `npm run train:ai`). */
  threshold: number;
}

/**
 * The learned reader (docs/decisions/0034-learned-reader.md): a sentence-embedding model and hashed n-grams under
 * two linear heads trained on the team's labelled inquiries (`npm run train:ai`). It reads what the rules were
 * never written for; `combineReadings` joins the two, failing safe.
 */
export class LearnedReader {
  private constructor(
    private readonly embedder: SentenceEmbedder,
    private readonly intentHead: SoftmaxWeights,
    private readonly escalationHead: SoftmaxWeights,
  ) {}

  /** Loads the model and the weights; throws when the model is missing or the weights belong to another. */
  static async load(files: ModelFiles | null = modelFiles()): Promise<LearnedReader> {
    if (!files) {
      throw new Error('The AI embedding model is missing: run node deploy/local/models.mjs (npm start does)');
    }
    if (WEIGHTS.embeddingModel !== EMBEDDING_MODEL.name) {
      throw new Error(`The learned weights are for ${WEIGHTS.embeddingModel}: run npm run train:ai`);
    }
    return new LearnedReader(
      await SentenceEmbedder.load(files),
      loadHead(WEIGHTS.intent),
      loadHead(WEIGHTS.escalation),
    );
  }

  async read(request: Pick<UnderstandRequest, 'subject' | 'text'>): Promise<LearnedReading> {
    const example = await toExample(this.embedder, learnedText(request));
    const intentProbabilities = softmaxProbabilities(this.intentHead, example);
    const escalationProbabilities = softmaxProbabilities(this.escalationHead, example);
    const intents = Object.fromEntries(
      INTENT_CLASSES.map((intent, index) => [intent, intentProbabilities[index]]),
    ) as Record<Intent, number>;
    const escalations = Object.fromEntries(
      ESCALATION_CLASSES.map((reason, index) => [reason, escalationProbabilities[index]]),
    ) as Record<EscalationReason | 'none', number>;
    const reasons = MUST_ESCALATE as readonly EscalationReason[];
    const likelyReason = reasons.reduce((best, reason) =>
      escalations[reason] > escalations[best] ? reason : best,
    );
    return {
      intents,
      escalations,
      mustEscalate: reasons.reduce((sum, reason) => sum + escalations[reason], 0),
      likelyReason,
      threshold: WEIGHTS.escalationThreshold,
    };
  }

  async close(): Promise<void> {
    await this.embedder.close();
  }
}
