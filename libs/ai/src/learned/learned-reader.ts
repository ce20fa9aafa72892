import type { EscalationReason, Intent } from '@pp/contracts';
import type { UnderstandRequest } from '../model';
import { SentenceEmbedder } from './embedder';
import { ESCALATION_CLASSES, INTENT_CLASSES, learnedText, MUST_ESCALATE, toExample } from './learned-input';
import { EMBEDDING_MODEL, modelFiles, type ModelFiles } from './model-files';
import { softmaxProbabilities, type Example, type SoftmaxWeights } from './softmax';
import { WEIGHTS } from './weights';
import { loadHead } from './weights-file';

/** What the learned reader makes of a message: calibrated probabilities. */
export interface LearnedReading {
  intents: Record<Intent, number>;
  /** P(each escalation reason), and P(none). */
  escalations: Record<EscalationReason | 'none', number>;
  /**
   * P(a person must handle it): the mean of the escalation head's sum over the reasons that need one and the
   * intent head's over the intents a person answers.
   */
  mustEscalate: number;
  /** The most likely reason among those, should it escalate. */
  likelyReason: EscalationReason;
  /** mustEscalate at or above which it escalates (chosen for recall by `npm run train:ai`). */
  threshold: number;
}

/** Intents a person answers (the labels' escalations follow them: a symptom, a complaint, a request for one). */
const PERSON_INTENTS: readonly Intent[] = ['medical_concern', 'complaint', 'human_requested'];

/** The reading two heads give of one example (the reader's, or held-out heads' in `npm run train:ai`). Pure. */
export function readingOf(
  heads: { intent: SoftmaxWeights; escalation: SoftmaxWeights },
  example: Example,
  threshold: number,
): LearnedReading {
  const intentProbabilities = softmaxProbabilities(heads.intent, example);
  const escalationProbabilities = softmaxProbabilities(heads.escalation, example);
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
  // Two estimates of one thing, averaged: the escalation head's P(a reason that needs a person) and the intent
  // head's P(an intent only a person answers). Held out, the mean ranks messages better than either alone.
  const escalationHead = reasons.reduce((sum, reason) => sum + escalations[reason], 0);
  const intentHead = PERSON_INTENTS.reduce((sum, intent) => sum + intents[intent], 0);
  return {
    intents,
    escalations,
    mustEscalate: (escalationHead + intentHead) / 2,
    likelyReason,
    threshold,
  };
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
    return readingOf(
      { intent: this.intentHead, escalation: this.escalationHead },
      example,
      WEIGHTS.escalationThreshold,
    );
  }

  async close(): Promise<void> {
    await this.embedder.close();
  }
}
