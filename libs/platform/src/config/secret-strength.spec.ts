import { randomBytes } from 'node:crypto';
import { estimateEntropyBits, secretProblems } from './secret-strength';

const production = { production: true };

describe('secretProblems', () => {
  it('accepts what a random generator makes: base64, base64url and hex of 32 bytes or more', () => {
    const generated = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? randomBytes(48).toString('base64')
        : i % 3 === 1
          ? randomBytes(32).toString('base64url')
          : randomBytes(32).toString('hex'),
    );
    const refused = generated.filter((value) => secretProblems(value, production).length > 0);
    // A real secret is refused by chance far less than once in 10,000 draws.
    expect(refused.length).toBeLessThanOrEqual(1);
  });

  it('refuses anything shorter than 32 characters, in development too', () => {
    expect(secretProblems('x'.repeat(31), { production: false })).toEqual(['must be at least 32 characters']);
    expect(secretProblems('x'.repeat(32), { production: false })).toEqual([]);
  });

  it.each([
    ['a compose fallback', 'dev-only-internal-token-secret-do-not-use-in-production'],
    ['a placeholder', 'REPLACE_ME_REPLACE_ME_REPLACE_ME_REPLACE_ME'],
    ['a change-me', 'changeme-changeme-changeme-changeme-1'],
    ['one repeated character', 'a'.repeat(64)],
    ['a repeated pattern', 'Xq7!'.repeat(16).replace(/!/g, 'Z')],
    ['a keyboard run', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'],
    ['a sentence', 'the quick brown fox jumps over the lazy dog'],
    ['a URL', 'postgres://postgres@127.0.0.1:5432/practicepilot'],
    ['a UUID with a prefix', 'k3y-0f3d2a9e-6b1c-4c8e-9d2a-1a7c5e3b9f01'],
    ['a path', '/api/v1/practices/p1/knowledge-status'],
    ['a short hex value', randomBytes(16).toString('hex')],
  ])('refuses %s in production', (_what, value) => {
    expect(secretProblems(value, production)).not.toEqual([]);
  });
});

describe('estimateEntropyBits', () => {
  it('gives random bytes about their size and patterns next to nothing', () => {
    expect(estimateEntropyBits(randomBytes(48).toString('base64'))).toBeGreaterThan(250);
    expect(estimateEntropyBits('0123456789'.repeat(4))).toBeLessThan(40);
    expect(estimateEntropyBits('ab'.repeat(40))).toBeLessThan(5);
  });
});
