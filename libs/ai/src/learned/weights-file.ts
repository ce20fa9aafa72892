import type { ConfidenceCalibration } from './confidence';
import type { SoftmaxWeights } from './softmax';

/**
 * The learned reader's weights as `npm run train:ai` writes them into libs/ai/src/learned/weights.ts: each
 * head's matrices as base64 of little-endian float32 (a tenth of the size of decimal text), with what it was
 * trained on and the figures its held-out folds gave.
 */

export interface StoredHead {
  classes: string[];
  temperature: number;
  denseDimensions: number;
  sparseDimensions: number;
  bias: number[];
  dense: string;
  sparse: string;
}

export interface StoredWeights {
  /** The embedding model the dense weights belong to (embedding-model.json's name). */
  embeddingModel: string;
  /** Fixture files trained on. */
  trainedOn: string[];
  examples: number;
  /** P(must escalate) at or above which the reader's escalation joins the rules' (chosen for recall). */
  escalationThreshold: number;
  /** Figures of the held-out folds (each example predicted by a model that did not see it). */
  crossValidation: Record<string, number>;
  intent: StoredHead;
  escalation: StoredHead;
  /** The screen: the heads over hashed n-grams alone, and when their reading stands (learned-reader.ts). */
  screen: { intent: StoredHead; escalation: StoredHead; mustEscalateBelow: number; intentAtLeast: number };
  /** The reading's confidence: P(read right), fitted on held-out readings (learned/confidence.ts). */
  confidence?: ConfidenceCalibration;
}

const toBase64 = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export function storeHead(weights: SoftmaxWeights): StoredHead {
  return {
    classes: weights.classes,
    temperature: weights.temperature,
    denseDimensions: weights.denseDimensions,
    sparseDimensions: weights.sparseDimensions,
    bias: [...weights.bias].map((value) => Math.round(value * 1e5) / 1e5),
    dense: toBase64(weights.dense),
    sparse: toBase64(weights.sparse),
  };
}

export function loadHead(stored: StoredHead): SoftmaxWeights {
  const head: SoftmaxWeights = {
    classes: stored.classes,
    temperature: stored.temperature,
    denseDimensions: stored.denseDimensions,
    sparseDimensions: stored.sparseDimensions,
    bias: Float32Array.from(stored.bias),
    dense: fromBase64(stored.dense),
    sparse: fromBase64(stored.sparse),
  };
  const count = head.classes.length;
  if (
    head.dense.length !== count * head.denseDimensions ||
    head.sparse.length !== count * head.sparseDimensions
  ) {
    throw new Error('The learned reader’s weights do not match their shapes: run npm run train:ai');
  }
  return head;
}
