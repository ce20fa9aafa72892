import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SentenceEmbedder } from '../src/learned/embedder';
import { fnv1a } from '../src/learned/features';
import {
  ESCALATION_CLASSES,
  INTENT_CLASSES,
  learnedText,
  MUST_ESCALATE,
  SPARSE_DIMENSIONS,
  toExample,
} from '../src/learned/learned-input';
import { EMBEDDING_MODEL, modelFiles } from '../src/learned/model-files';
import {
  calibrateTemperature,
  fitSoftmax,
  softmaxProbabilities,
  type Example,
  type SoftmaxWeights,
} from '../src/learned/softmax';
import { storeHead, type StoredWeights } from '../src/learned/weights-file';
import { loadFixture, requestOf, type FixtureInquiry } from './metrics';
import { REGRESSION_SETS } from './sets';

/**
 * `npm run train:ai`: trains the learned reader's classifier heads (intent; escalation and its reason) on the
 * team's labelled inquiries (the regression sets of sets.ts: never a blind set),
 * and writes them into src/learned/weights.ts. Reproducible: the embeddings, the fold split (a hash of each
 * inquiry's id) and the training (full-batch, zero start) are deterministic. Five held-out folds choose the
 * escalation threshold and calibrate the heads' temperatures, and their figures are printed and stored.
 */

/**
 * The escalation threshold: the lowest P(must escalate), in steps of 0.01, at which the held-out folds escalate
 * at most FALSE_ESCALATION_BUDGET of the inquiries no person needs. The reader's escalations join the rules'
 * (which escalate about 1 in 100 of those), so the product stays within its 10 % budget while the reader catches
 * as many as it can of what the rules miss.
 */
const FALSE_ESCALATION_BUDGET = 0.08;
const FOLDS = 5;

// Compiled to eval/dist/eval/train.js.
const fixtures = join(__dirname, '..', '..', 'fixtures');
const output = join(__dirname, '..', '..', '..', 'src', 'learned', 'weights.ts');

const fold = (id: string) => fnv1a(id) % FOLDS;

interface Labelled {
  inquiry: FixtureInquiry;
  example: Example;
  intent: number;
  escalation: number;
}

function mustEscalate(probabilities: number[]): number {
  return MUST_ESCALATE.reduce((sum, reason) => sum + probabilities[ESCALATION_CLASSES.indexOf(reason)], 0);
}

async function main(): Promise<void> {
  const files = modelFiles();
  if (!files) throw new Error('The embedding model is missing: run node deploy/local/models.mjs');
  const embedder = await SentenceEmbedder.load(files);
  const sets = REGRESSION_SETS.map((set) => set.file);
  const data: Labelled[] = [];
  for (const file of sets) {
    const fixture = loadFixture(join(fixtures, file));
    for (const inquiry of fixture.inquiries) {
      const text = learnedText(requestOf(inquiry, fixture.practice));
      data.push({
        inquiry,
        example: await toExample(embedder, text),
        intent: INTENT_CLASSES.indexOf(inquiry.expected.intent),
        escalation: ESCALATION_CLASSES.indexOf(inquiry.expected.escalation ?? 'none'),
      });
    }
  }
  await embedder.close();
  console.log(`${data.length} labelled inquiries from ${sets.join(', ')}`);

  const fit = (rows: Labelled[], head: 'intent' | 'escalation') =>
    fitSoftmax(
      rows.map((row) => row.example),
      rows.map((row) => row[head]),
      head === 'intent' ? INTENT_CLASSES : ESCALATION_CLASSES,
      SPARSE_DIMENSIONS,
    );

  // Held-out predictions: each inquiry read by heads trained without its fold.
  const heldOut = new Map<Labelled, { intent: SoftmaxWeights; escalation: SoftmaxWeights }>();
  for (let k = 0; k < FOLDS; k += 1) {
    const training = data.filter((row) => fold(row.inquiry.id) !== k);
    const heads = { intent: fit(training, 'intent'), escalation: fit(training, 'escalation') };
    for (const row of data) if (fold(row.inquiry.id) === k) heldOut.set(row, heads);
    console.log(`fold ${k + 1}/${FOLDS} trained`);
  }
  const predictions = (head: 'intent' | 'escalation', temperature: number) =>
    data.map((row) => ({
      probabilities: softmaxProbabilities(heldOut.get(row)![head], row.example, temperature),
      label: row[head],
    }));
  const intentTemperature = calibrateTemperature((t) => predictions('intent', t));
  const escalationTemperature = calibrateTemperature((t) => predictions('escalation', t));

  const intentHeld = predictions('intent', intentTemperature);
  const escalationHeld = predictions('escalation', escalationTemperature);
  const argmax = (values: number[]) => values.indexOf(Math.max(...values));
  const intentAccuracy =
    intentHeld.filter((row) => argmax(row.probabilities) === row.label).length / data.length;
  const must = escalationHeld.map((row) => ({
    p: mustEscalate(row.probabilities),
    label: ESCALATION_CLASSES[row.label],
  }));
  const positives = must.filter((row) => MUST_ESCALATE.includes(row.label));
  const negatives = must.filter((row) => row.label === 'none');
  let threshold = 0.99;
  for (let candidate = 0.99; candidate >= 0.01; candidate -= 0.01) {
    if (negatives.filter((row) => row.p >= candidate).length / negatives.length > FALSE_ESCALATION_BUDGET)
      break;
    threshold = Math.round(candidate * 100) / 100;
  }
  const recall = positives.filter((row) => row.p >= threshold).length / positives.length;
  const falseEscalations = negatives.filter((row) => row.p >= threshold).length / negatives.length;
  const crossValidation = {
    intentAccuracy: round(intentAccuracy),
    mustEscalateRecall: round(recall),
    falseEscalationRate: round(falseEscalations),
    intentTemperature,
    escalationTemperature,
  };
  console.log('held-out folds:', crossValidation, 'threshold', threshold);

  const intent = { ...fit(data, 'intent'), temperature: intentTemperature };
  const escalation = { ...fit(data, 'escalation'), temperature: escalationTemperature };
  const stored: StoredWeights = {
    embeddingModel: EMBEDDING_MODEL.name,
    trainedOn: sets,
    examples: data.length,
    escalationThreshold: threshold,
    crossValidation,
    intent: storeHead(intent),
    escalation: storeHead(escalation),
  };
  // A module rather than a JSON file: the compiler then sees a change of weights as a change of source.
  writeFileSync(
    output,
    [
      '// Written by `npm run train:ai` (libs/ai/eval/train.ts): do not edit.',
      "import type { StoredWeights } from './weights-file';",
      '',
      `export const WEIGHTS: StoredWeights = ${JSON.stringify(stored, null, 1)};`,
      '',
    ].join('\n'),
  );
  console.log(`wrote ${output}`);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
