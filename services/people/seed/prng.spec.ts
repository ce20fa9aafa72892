import { mulberry32, Rng, seedId } from './prng';

describe('seeded random numbers', () => {
  it('repeats the same sequence for the same seed, and a different one for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws integers in range, distinct samples and never a zero-weight key', () => {
    const rng = new Rng('test');
    const ints = Array.from({ length: 500 }, () => rng.int(3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
    const sample = rng.sample(['a', 'b', 'c', 'd'], 3);
    expect(new Set(sample).size).toBe(3);
    for (let i = 0; i < 200; i++) expect(rng.weighted({ never: 0, always: 1 })).toBe('always');
  });

  it('derives stable v4-shaped ids from keys', () => {
    expect(seedId('a')).toBe(seedId('a'));
    expect(seedId('a')).not.toBe(seedId('b'));
    expect(seedId('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
