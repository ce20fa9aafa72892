/**
 * What a production secret must be: long, made of a random generator's characters (base64, base64url or
 * hex), high in estimated entropy, and free of identifiers, paths and the words that mark a placeholder or
 * an example. Every secret-like value written anywhere in this repository (compose, k8s,
 * docs, tests) fails these rules; `libs/testing/src/repository-secrets.spec.ts` scans the tracked files to prove it.
 * A secret made by `openssl rand -base64 48` (or the local stack's generator) passes.
 */

/** Shortest secret accepted anywhere, development included. */
export const MIN_SECRET_LENGTH = 32;
/** Least estimated entropy of a production secret: a random 32-byte value carries about 256 bits. */
export const MIN_PRODUCTION_ENTROPY_BITS = 128;

/**
 * Words (compared without case, punctuation or digits separating them) that only a placeholder, an example
 * or a development value contains. Random base64 of 64 characters contains one of these by chance far
 * less than once in ten thousand draws, so a real secret is practically never refused for them.
 */
export const PLACEHOLDER_WORDS = [
  'changeme',
  'replaceme',
  'replace',
  'secret',
  'password',
  'passwd',
  'example',
  'sample',
  'placeholder',
  'default',
  'insecure',
  'devonly',
  'development',
  'production',
  'donotuse',
  'notfor',
  'practicepilot',
  'integration',
  'localhost',
  'dummy',
  'qwerty',
  'letmein',
  'abcdef',
  '123456',
] as const;

/**
 * Estimated entropy in bits: Shannon entropy of the character distribution over the characters that are not
 * a repeat or a step (+/-1) of the previous one, counting those as one bit each, over the shortest period
 * of the value (so "abcabcabc..." is worth one "abc"). An estimate, deliberately pessimistic for patterns.
 */
export function estimateEntropyBits(value: string): number {
  const text = shortestPeriod(value);
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    perChar -= p * Math.log2(p);
  }
  let patterned = 0;
  for (let i = 1; i < text.length; i++) {
    if (Math.abs(text.charCodeAt(i) - text.charCodeAt(i - 1)) <= 1) patterned++;
  }
  return perChar * (text.length - patterned) + patterned;
}

function shortestPeriod(value: string): string {
  for (let period = 1; period <= value.length / 2; period++) {
    if (value.length % period !== 0) continue;
    if (value.slice(0, period).repeat(value.length / period) === value) return value.slice(0, period);
  }
  return value;
}

/** The placeholder words a value contains (lower case, letters and digits only). */
export function placeholderWordsIn(value: string): string[] {
  const letters = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  return PLACEHOLDER_WORDS.filter((word) => letters.includes(word));
}

/** Why a value may not be used as a secret (empty when it may). */
export function secretProblems(value: string, { production }: { production: boolean }): string[] {
  const problems: string[] = [];
  if (value.length < MIN_SECRET_LENGTH) problems.push(`must be at least ${MIN_SECRET_LENGTH} characters`);
  if (!production) return problems;
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(value))
    problems.push('must be the output of a random generator: base64, base64url or hex characters only');
  if (/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(value))
    problems.push('contains an identifier (a UUID), not random bytes');
  if (/[/_-][a-z]{8,}[/_-]/.test(value)) problems.push('contains a word or a path, not random bytes');
  const words = placeholderWordsIn(value);
  if (words.length > 0)
    problems.push(`looks like a placeholder or an example (contains "${words[0]}"): generate a random one`);
  const bits = estimateEntropyBits(value);
  if (bits < MIN_PRODUCTION_ENTROPY_BITS)
    problems.push(
      `is too predictable (about ${Math.floor(bits)} bits of entropy, at least ${MIN_PRODUCTION_ENTROPY_BITS} needed): ` +
        'generate one with `openssl rand -base64 48`',
    );
  return problems;
}
