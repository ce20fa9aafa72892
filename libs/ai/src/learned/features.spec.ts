import { HASHED_DIMENSIONS, MAX_FEATURE_CHARS, hashedFeatures, ngrams, normalise } from './features';

const cosine = (a: ReturnType<typeof hashedFeatures>, b: ReturnType<typeof hashedFeatures>) => {
  const other = new Map([...b.indices].map((index, k) => [index, b.values[k]]));
  return [...a.indices].reduce((sum, index, k) => sum + a.values[k] * (other.get(index) ?? 0), 0);
};

describe('the learned reader’s hashed n-grams', () => {
  it('reads words without case, accents or punctuation', () => {
    expect(normalise('¿Mañana, a las 10?  PÁLPEBRA caída!')).toBe('manana a las 10 palpebra caida');
  });

  it('has words, word pairs and the characters of each word', () => {
    expect(ngrams('lip filler')).toEqual(
      expect.arrayContaining(['w:lip', 'w:filler', 'b:lip filler', 'c:<li', 'c:lip>', 'c:fill', 'c:ler>']),
    );
  });

  it('is a unit vector of distinct buckets in ascending order', () => {
    const { indices, values } = hashedFeatures('How much is Botox? How much!');
    expect([...indices]).toEqual([...new Set(indices)].sort((a, b) => a - b));
    expect(Math.max(...indices)).toBeLessThan(HASHED_DIMENSIONS);
    expect(Math.hypot(...values)).toBeCloseTo(1, 5);
  });

  it('puts a misspelling nearer the word than an unrelated word', () => {
    const botox = hashedFeatures('botox');
    expect(cosine(botox, hashedFeatures('botxo'))).toBeGreaterThan(cosine(botox, hashedFeatures('veneers')));
  });

  it('reads only the first characters of a stranger’s message', () => {
    const long = `${'a '.repeat(MAX_FEATURE_CHARS)}zebra`;
    expect(ngrams(long)).not.toContain('w:zebra');
    expect(hashedFeatures('').indices).toHaveLength(0);
  });
});
