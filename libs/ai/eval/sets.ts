/**
 * The labelled sets (fixtures/README.md), by kind. A blind set is written without reading the rules or the
 * training data and committed before the provider first reads it; it is reported once, untouched, and then moves
 * to the regression sets (and so into `npm run train:ai`'s training data) — never patched for.
 */
export const BLIND_SETS: [name: string, file: string][] = [];

export const REGRESSION_SETS: [name: string, file: string][] = [
  ['dev', 'inquiries.json'],
  ['generalisation', 'generalisation.json'],
  ['generalisation-2', 'generalisation-2.json'],
  ['generalisation-3', 'generalisation-3.json'],
  ['generalisation-4', 'generalisation-4.json'],
  ['generalisation-5', 'generalisation-5.json'],
  ['holdout', 'holdout.json'],
  // Written blind and reported once, untouched (fixtures/README.md), then trained on.
  ['blind-1', 'blind-1.json'],
];
