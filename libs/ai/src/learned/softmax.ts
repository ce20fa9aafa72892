import type { SparseVector } from './features';

/**
 * A linear softmax classifier over one example's features (docs/decisions/0034-learned-reader.md): a dense part
 * (the sentence embedding) and a sparse part (hashed n-grams). Pure: `fitSoftmax` trains it (full-batch Adam,
 * L2-regularised, classes weighted by their inverse frequency so a rare must-escalate reason counts as much as a
 * common question), `softmaxProbabilities` applies it.
 */

export interface Example {
  dense: Float32Array;
  sparse: SparseVector;
}

export interface SoftmaxWeights {
  classes: string[];
  /** classes × dense dimensions, row-major. */
  dense: Float32Array;
  /** classes × sparse dimensions, row-major. */
  sparse: Float32Array;
  bias: Float32Array;
  denseDimensions: number;
  sparseDimensions: number;
  /** Logits are divided by it before the softmax (calibration; 1 = none). */
  temperature: number;
}

export interface FitOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty on the weights. */
  l2: number;
  /** How classes are weighted: by their inverse frequency, its square root (rarer classes count more, less so), or not. */
  balance: 'inverse' | 'sqrt' | 'none';
}

export const DEFAULT_FIT: FitOptions = { epochs: 120, learningRate: 0.1, l2: 1e-5, balance: 'inverse' };

function logits(weights: SoftmaxWeights, example: Example, out: Float64Array): void {
  const { denseDimensions: dd, sparseDimensions: sd } = weights;
  for (let c = 0; c < weights.classes.length; c += 1) {
    let sum = weights.bias[c];
    const denseRow = c * dd;
    for (let d = 0; d < dd; d += 1) sum += weights.dense[denseRow + d] * example.dense[d];
    const sparseRow = c * sd;
    const { indices, values } = example.sparse;
    for (let k = 0; k < indices.length; k += 1) sum += weights.sparse[sparseRow + indices[k]] * values[k];
    out[c] = sum;
  }
}

function softmaxInPlace(values: Float64Array, temperature = 1): void {
  let max = -Infinity;
  for (const value of values) max = Math.max(max, value / temperature);
  let total = 0;
  for (let index = 0; index < values.length; index += 1) {
    values[index] = Math.exp(values[index] / temperature - max);
    total += values[index];
  }
  for (let index = 0; index < values.length; index += 1) values[index] /= total;
}

/** The class probabilities of an example, in the order of `weights.classes`. */
export function softmaxProbabilities(
  weights: SoftmaxWeights,
  example: Example,
  temperature = weights.temperature,
): number[] {
  const scores = new Float64Array(weights.classes.length);
  logits(weights, example, scores);
  softmaxInPlace(scores, temperature);
  return [...scores];
}

/** Trains a classifier on examples labelled with indices into `classes`. */
export function fitSoftmax(
  examples: readonly Example[],
  labels: readonly number[],
  classes: readonly string[],
  sparseDimensions: number,
  options: FitOptions = DEFAULT_FIT,
): SoftmaxWeights {
  const count = classes.length;
  const dd = examples[0]?.dense.length ?? 0;
  const weights: SoftmaxWeights = {
    classes: [...classes],
    dense: new Float32Array(count * dd),
    sparse: new Float32Array(count * sparseDimensions),
    bias: new Float32Array(count),
    denseDimensions: dd,
    sparseDimensions,
    temperature: 1,
  };
  const frequency = new Array<number>(count).fill(0);
  for (const label of labels) frequency[label] += 1;
  const present = frequency.filter((value) => value > 0).length;
  const power = { inverse: 1, sqrt: 0.5, none: 0 }[options.balance];
  const classWeight = frequency.map((value) =>
    value > 0 ? (examples.length / (present * value)) ** power : 0,
  );

  const parameters = [weights.dense, weights.sparse, weights.bias];
  const gradients = parameters.map((array) => new Float64Array(array.length));
  const firstMoments = parameters.map((array) => new Float64Array(array.length));
  const secondMoments = parameters.map((array) => new Float64Array(array.length));
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];
  const scores = new Float64Array(count);
  let totalWeight = 0;
  for (const label of labels) totalWeight += classWeight[label];

  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    for (const gradient of gradients) gradient.fill(0);
    const [gDense, gSparse, gBias] = gradients;
    for (let n = 0; n < examples.length; n += 1) {
      const example = examples[n];
      logits(weights, example, scores);
      softmaxInPlace(scores);
      const scale = classWeight[labels[n]] / totalWeight;
      for (let c = 0; c < count; c += 1) {
        const error = (scores[c] - (c === labels[n] ? 1 : 0)) * scale;
        if (error === 0) continue;
        gBias[c] += error;
        const denseRow = c * dd;
        for (let d = 0; d < dd; d += 1) gDense[denseRow + d] += error * example.dense[d];
        const sparseRow = c * sparseDimensions;
        const { indices, values } = example.sparse;
        for (let k = 0; k < indices.length; k += 1) gSparse[sparseRow + indices[k]] += error * values[k];
      }
    }
    const correction1 = 1 - beta1 ** epoch;
    const correction2 = 1 - beta2 ** epoch;
    parameters.forEach((parameter, p) => {
      const gradient = gradients[p];
      const m = firstMoments[p];
      const v = secondMoments[p];
      const penalty = p === 2 ? 0 : options.l2;
      for (let index = 0; index < parameter.length; index += 1) {
        const g = gradient[index] + penalty * parameter[index];
        m[index] = beta1 * m[index] + (1 - beta1) * g;
        v[index] = beta2 * v[index] + (1 - beta2) * g * g;
        parameter[index] -=
          (options.learningRate * (m[index] / correction1)) / (Math.sqrt(v[index] / correction2) + epsilon);
      }
    });
  }
  return weights;
}

/**
 * The temperature that makes held-out probabilities honest: the one (from a grid) with the lowest negative
 * log-likelihood of the true labels, given each example's logits-producing weights' probabilities at T = 1.
 */
export function calibrateTemperature(
  predict: (temperature: number) => { probabilities: number[]; label: number }[],
): number {
  let best = { temperature: 1, loss: Infinity };
  for (let temperature = 0.5; temperature <= 3.001; temperature += 0.1) {
    let loss = 0;
    for (const { probabilities, label } of predict(temperature))
      loss -= Math.log(Math.max(probabilities[label], 1e-12));
    if (loss < best.loss) best = { temperature: Math.round(temperature * 10) / 10, loss };
  }
  return best.temperature;
}
