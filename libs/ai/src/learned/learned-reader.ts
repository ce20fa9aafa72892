import type { EscalationReason, Intent } from '@pp/contracts';
import type { UnderstandRequest } from '../model';
import { checkCalibration, type ConfidenceCalibration } from './confidence';
import { SentenceEmbedder } from './embedder';
import { sparseFeatures } from './cues';
import {
  ESCALATION_CLASSES,
  INTENT_CLASSES,
  learnedText,
  MUST_ESCALATE,
  SPARSE_DIMENSIONS,
} from './learned-input';
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
  /** Whether the sentence model read it (false: the screen's n-gram heads alone, sure it needs no person). */
  embedded?: boolean;
  /**
   * How the reading's confidence is calibrated (learned/confidence.ts); absent, the blend's share stands (the
   * held-out readings `npm run train:ai` fits it on).
   */
  calibration?: ConfidenceCalibration;
}

/**
 * When the screen's reading (the heads over hashed n-grams alone) is the reading: P(must escalate) under
 * `mustEscalateBelow` and one intent, not one that stops outreach, at least `intentAtLeast` probable. Chosen by
 * `npm run train:ai` on held-out folds, where it changes no escalation.
 */
export interface ScreenRule {
  mustEscalateBelow: number;
  intentAtLeast: number;
}

const STOPPING_INTENTS: readonly Intent[] = ['opt_out', 'spam', 'wrong_number'];

/** Whether a screen reading is sure enough to stand without the sentence model. Pure. */
export function passesScreen(reading: LearnedReading, rule: ScreenRule): boolean {
  if (reading.mustEscalate >= rule.mustEscalateBelow) return false;
  const [top, p] = (Object.entries(reading.intents) as [Intent, number][]).reduce((best, entry) =>
    entry[1] > best[1] ? entry : best,
  );
  return p >= rule.intentAtLeast && !STOPPING_INTENTS.includes(top);
}

const NO_EMBEDDING = new Float32Array(0);

/** An example as the screen reads it: its hashed n-grams, no embedding. */
export function screenExample(example: Pick<Example, 'sparse'>): Example {
  return { dense: NO_EMBEDDING, sparse: example.sparse };
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
    embedded: example.dense.length > 0,
  };
}

/**
 * The learned reader (docs/decisions/0034-learned-reader.md): a sentence-embedding model, hashed n-grams and cues of
 * whose body and when (cues.ts, ADR 0048) under two linear heads trained on the team's labelled inquiries (`npm run
 * train:ai`). It reads what the rules were never written for; `combineReadings` joins the two, failing safe. A
 * screen comes first: the same two heads over the n-grams and cues alone, whose reading stands when it is plainly
 * an everyday inquiry no person needs (the sentence model, most of the reader's cost, then does not run).
 */
export class LearnedReader {
  private constructor(
    private readonly embedder: SentenceEmbedder,
    private readonly intentHead: SoftmaxWeights,
    private readonly escalationHead: SoftmaxWeights,
    private readonly screen: { intent: SoftmaxWeights; escalation: SoftmaxWeights; rule: ScreenRule },
    private readonly calibration: ConfidenceCalibration | undefined,
  ) {}

  /**
   * Loads the model and the weights; throws when the model is missing or the weights belong to another.
   * `screen: false` embeds every message (`npm run bench:understand` measures what the screen saves).
   */
  static async load(
    files: ModelFiles | null = modelFiles(),
    options: { screen?: boolean } = {},
  ): Promise<LearnedReader> {
    if (!files) {
      throw new Error('The AI embedding model is missing: run node deploy/local/models.mjs (npm start does)');
    }
    if (WEIGHTS.embeddingModel !== EMBEDDING_MODEL.name) {
      throw new Error(`The learned weights are for ${WEIGHTS.embeddingModel}: run npm run train:ai`);
    }
    if (WEIGHTS.intent.sparseDimensions !== SPARSE_DIMENSIONS) {
      throw new Error('The learned weights were trained on other features: run npm run train:ai');
    }
    const { intent, escalation, ...bounds } = WEIGHTS.screen;
    // A rule no reading passes: every message embedded.
    const rule = options.screen === false ? { mustEscalateBelow: 0, intentAtLeast: 2 } : bounds;
    return new LearnedReader(
      await SentenceEmbedder.load(files),
      loadHead(WEIGHTS.intent),
      loadHead(WEIGHTS.escalation),
      { intent: loadHead(intent), escalation: loadHead(escalation), rule },
      WEIGHTS.confidence && checkCalibration(WEIGHTS.confidence),
    );
  }

  /** The reading of one message: the screen's when it passes, else the sentence model's and the n-grams'. */
  async read(request: Pick<UnderstandRequest, 'subject' | 'text'>): Promise<LearnedReading> {
    const text = learnedText(request);
    const sparse = sparseFeatures(text);
    const screened = readingOf(this.screen, screenExample({ sparse }), WEIGHTS.escalationThreshold);
    if (passesScreen(screened, this.screen.rule)) return { ...screened, calibration: this.calibration };
    const reading = readingOf(
      { intent: this.intentHead, escalation: this.escalationHead },
      { dense: await this.embedder.embed(text), sparse },
      WEIGHTS.escalationThreshold,
    );
    return { ...reading, calibration: this.calibration };
  }

  async close(): Promise<void> {
    await this.embedder.close();
  }
}
