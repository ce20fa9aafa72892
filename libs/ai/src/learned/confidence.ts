import type { Intent } from '@pp/contracts';
import { fitSoftmax, type Example } from './softmax';

/**
 * How sure the engine is of a reading it would act on unattended (docs/decisions/0035-calibrated-confidence.md):
 * the probability, learned on held-out readings of labelled inquiries, that the reading is right — the intent as
 * a person labels it, and no person needed. Pure: `confidenceFeatures` describes a reading, `fitConfidence`
 * trains the calibration (`npm run train:ai`), `calibratedConfidence` applies it.
 */

/** What the engine knows of its own reading when it decides how sure it is. */
export interface ConfidenceSignals {
  /** The intent chosen. */
  intent: Intent;
  /** The blend's share of it (rules and reader half and half: combine.ts). */
  blended: number;
  /** The rules' confidence in their own intent. */
  rules: number;
  /** Whether the rules chose the same intent. */
  agree: boolean;
  /** The reader's probability of the chosen intent, among the intents that do not stop outreach. */
  reader: number;
  /** The reader's probability of its own likeliest intent. */
  readerTop: number;
  /** The reader's P(a person must handle it) over its escalation threshold. */
  nearEscalation: number;
  /** Whether the sentence model read the message (false: the n-gram screen was sure). */
  embedded: boolean;
  /** Whether the message names a procedure. */
  procedure: boolean;
  /** Words in the message. */
  words: number;
}

export interface ConfidenceCalibration {
  /** The features' names, in order (a check that the weights match the code). */
  features: string[];
  weights: number[];
  bias: number;
}

/** Intents with a feature of their own (the calibration learns how often each is read right). */
const OWN_INTENTS: readonly Intent[] = [
  'booking',
  'pricing',
  'information',
  'reschedule',
  'cancel_appointment',
  'help',
];

export const CONFIDENCE_FEATURES: readonly string[] = [
  'blended',
  'rules',
  'agree',
  'reader',
  'readerTop',
  'nearEscalation',
  'embedded',
  'procedure',
  'length',
  ...OWN_INTENTS.map((intent) => `intent:${intent}`),
];

/** A reading's features, each within [0, 1]. */
export function confidenceFeatures(signals: ConfidenceSignals): Float32Array {
  return Float32Array.from([
    signals.blended,
    signals.rules,
    signals.agree ? 1 : 0,
    signals.reader,
    signals.readerTop,
    Math.min(signals.nearEscalation, 2) / 2,
    signals.embedded ? 1 : 0,
    signals.procedure ? 1 : 0,
    Math.min(Math.log1p(signals.words) / Math.log1p(200), 1),
    ...OWN_INTENTS.map((intent) => (signals.intent === intent ? 1 : 0)),
  ]);
}

const NO_SPARSE = { indices: new Uint32Array(0), values: new Float32Array(0) };

const exampleOf = (signals: ConfidenceSignals): Example => ({
  dense: confidenceFeatures(signals),
  sparse: NO_SPARSE,
});

/** The probability that a reading with these signals is right. */
export function calibratedConfidence(calibration: ConfidenceCalibration, signals: ConfidenceSignals): number {
  const features = confidenceFeatures(signals);
  let logit = calibration.bias;
  for (let index = 0; index < features.length; index += 1)
    logit += calibration.weights[index] * features[index];
  return 1 / (1 + Math.exp(-logit));
}

/**
 * A logistic regression of "read right" on the signals of held-out readings: unweighted (the probabilities must
 * be the real frequencies, not balanced ones), lightly regularised.
 */
export function fitConfidence(
  rows: readonly { signals: ConfidenceSignals; right: boolean }[],
): ConfidenceCalibration {
  const head = fitSoftmax(
    rows.map((row) => exampleOf(row.signals)),
    rows.map((row) => (row.right ? 1 : 0)),
    ['wrong', 'right'],
    0,
    { epochs: 600, learningRate: 0.05, l2: 1e-3, balance: 'none' },
  );
  const dimensions = head.denseDimensions;
  // Two classes: P(right) = sigmoid(the difference of their logits).
  return {
    features: [...CONFIDENCE_FEATURES],
    weights: Array.from({ length: dimensions }, (_, index) =>
      round(head.dense[dimensions + index] - head.dense[index]),
    ),
    bias: round(head.bias[1] - head.bias[0]),
  };
}

/** Checks that stored weights fit the features the code computes. */
export function checkCalibration(calibration: ConfidenceCalibration): ConfidenceCalibration {
  const same =
    calibration.features.length === CONFIDENCE_FEATURES.length &&
    calibration.features.every((name, index) => name === CONFIDENCE_FEATURES[index]) &&
    calibration.weights.length === CONFIDENCE_FEATURES.length;
  if (!same) throw new Error('The confidence calibration does not match its features: run npm run train:ai');
  return calibration;
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;
