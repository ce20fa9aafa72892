import { calibrateTemperature, fitSoftmax, softmaxProbabilities, type Example } from './softmax';

const example = (dense: number[], sparse: [number, number][] = []): Example => ({
  dense: Float32Array.from(dense),
  sparse: {
    indices: Uint32Array.from(sparse.map(([i]) => i)),
    values: Float32Array.from(sparse.map(([, v]) => v)),
  },
});

describe('the softmax heads', () => {
  // Three classes told apart by the dense part for two, by a sparse bucket for the third.
  const examples = [
    example([1, 0]),
    example([0.9, 0.1]),
    example([0, 1]),
    example([0.1, 0.9]),
    example([0, 0], [[3, 1]]),
    example([0.1, 0.1], [[3, 1]]),
  ];
  const labels = [0, 0, 1, 1, 2, 2];

  it('learns to tell classes apart from dense and sparse features', () => {
    const weights = fitSoftmax(examples, labels, ['a', 'b', 'c'], 8);
    const argmax = (e: Example) => {
      const p = softmaxProbabilities(weights, e);
      return p.indexOf(Math.max(...p));
    };
    expect(examples.map(argmax)).toEqual(labels);
    expect(argmax(example([0.8, 0.05]))).toBe(0);
    expect(argmax(example([0, 0], [[3, 0.8]]))).toBe(2);
    const p = softmaxProbabilities(weights, examples[0]);
    expect(p.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 6);
  });

  it('is deterministic: the same data gives the same weights', () => {
    const first = fitSoftmax(examples, labels, ['a', 'b', 'c'], 8);
    const second = fitSoftmax(examples, labels, ['a', 'b', 'c'], 8);
    expect([...second.dense]).toEqual([...first.dense]);
    expect([...second.sparse]).toEqual([...first.sparse]);
  });

  it('a higher temperature makes the probabilities less sure', () => {
    const weights = fitSoftmax(examples, labels, ['a', 'b', 'c'], 8);
    expect(Math.max(...softmaxProbabilities(weights, examples[0], 2))).toBeLessThan(
      Math.max(...softmaxProbabilities(weights, examples[0], 1)),
    );
  });

  it('calibrates to the temperature with the lowest held-out log-loss', () => {
    // Over-confident predictions that are wrong a third of the time want a temperature above 1.
    const predict = (temperature: number) =>
      [0, 0, 1].map((label) => {
        const sure = Math.exp(4 / temperature);
        return { probabilities: [sure / (sure + 1), 1 / (sure + 1)], label };
      });
    expect(calibrateTemperature(predict)).toBeGreaterThan(1);
  });
});
