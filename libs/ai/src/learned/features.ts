import { fold } from '../builtin/understand/text';

/**
 * The learned reader's surface features (docs/decisions/0034-learned-reader.md): hashed word unigrams and bigrams
 * and character 3- and 4-grams of each word, so that typos ('botxo'), shorthand and accents left out ('mañana' /
 * 'manana') land near the words they stand for. Pure and linear in the text's length: the text is cut to
 * MAX_FEATURE_CHARS first, every n-gram is hashed into HASHED_DIMENSIONS buckets (FNV-1a), and the counts are
 * log-scaled and L2-normalised.
 */

/** Buckets of the hashed n-gram space. */
export const HASHED_DIMENSIONS = 4096;
/** What a stranger's message may cost: only its first characters are read (the rules read all of it). */
export const MAX_FEATURE_CHARS = 4000;

/** A sparse vector: bucket indices (ascending, distinct) and their values. */
export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

/** Lower case, accents off (as the rules fold), anything but letters and digits a space. */
export function normalise(text: string): string {
  return fold(text.slice(0, MAX_FEATURE_CHARS))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** FNV-1a, 32 bits: the bucket of an n-gram (and the training folds' split of inquiry ids). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Every n-gram of a text, as written into the hash: 'w:' words, 'b:' word pairs, 'c:' characters within a word. */
export function ngrams(text: string): string[] {
  return ngramsOfNormalised(normalise(text));
}

function ngramsOfNormalised(normalised: string): string[] {
  const words = normalised.split(' ').filter(Boolean);
  const grams: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index];
    grams.push(`w:${word}`);
    if (index > 0) grams.push(`b:${words[index - 1]} ${word}`);
    const padded = `<${word}>`;
    for (const size of [3, 4]) {
      for (let start = 0; start + size <= padded.length; start += 1)
        grams.push(`c:${padded.slice(start, start + size)}`);
    }
  }
  return grams;
}

/** The hashed, log-scaled, L2-normalised n-gram vector of a text. */
export function hashedFeatures(text: string): SparseVector {
  return hashedOfNormalised(normalise(text));
}

/** The same vector of a text already `normalise`d (the cues read the same normalised text). */
export function hashedOfNormalised(normalised: string): SparseVector {
  const counts = new Map<number, number>();
  for (const gram of ngramsOfNormalised(normalised)) {
    const bucket = fnv1a(gram) % HASHED_DIMENSIONS;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const indices = Uint32Array.from([...counts.keys()].sort((a, b) => a - b));
  const values = Float32Array.from(indices, (bucket) => Math.log1p(counts.get(bucket) as number));
  let squares = 0;
  for (const value of values) squares += value * value;
  const norm = Math.sqrt(squares) || 1;
  for (let index = 0; index < values.length; index += 1) values[index] /= norm;
  return { indices, values };
}
