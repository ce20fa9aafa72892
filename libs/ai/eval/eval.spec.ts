import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { understandInquiry } from '../src';
import { loadFixture, score } from './metrics';

/**
 * The quality targets for the built-in provider, on the dev set (fixtures/inquiries.json): intent
 * accuracy ≥ 0.9, procedure F1 ≥ 0.9, escalation recall 1.0. `npm run eval:ai` prints the same figures for the
 * dev set and the holdout.
 */
const devSet = join(__dirname, 'fixtures', 'inquiries.json');
const present = existsSync(devSet);
const suite = present ? describe : describe.skip;

suite(
  present
    ? 'the built-in understanding on the dev set'
    : 'the built-in understanding on the dev set (skipped: fixtures/inquiries.json does not exist yet)',
  () => {
    const scores = present ? score(loadFixture(devSet), understandInquiry) : null;
    const misses = (field: string) =>
      (scores?.mistakes ?? [])
        .filter((mistake) => mistake.field === field)
        .map((mistake) => `${mistake.id}: expected ${mistake.expected}, got ${mistake.got}`);

    it('reads the intent of at least 90% of the inquiries', () => {
      expect({ accuracy: scores!.intentAccuracy >= 0.9, misses: misses('intent') }).toMatchObject({
        accuracy: true,
      });
    });

    it('finds the procedures with a micro-F1 of at least 0.9', () => {
      expect({ f1: scores!.procedureF1 >= 0.9, misses: misses('procedures') }).toMatchObject({ f1: true });
    });

    it('escalates every inquiry a person must handle', () => {
      const missed = (scores?.mistakes ?? [])
        .filter(
          (mistake) => mistake.field === 'escalation' && mistake.expected !== '-' && mistake.got === '-',
        )
        .map((mistake) => `${mistake.id}: expected ${mistake.expected}`);
      expect(missed).toEqual([]);
      expect(scores!.escalationRecall).toBe(1);
    });
  },
);

if (!present) {
  console.warn(`Skipping the dev-set targets: ${devSet} does not exist yet.`);
}
