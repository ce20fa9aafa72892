import { ESCALATION_REASONS, INTENTS } from '@pp/contracts';
import type { UnderstandRequest } from '../model';
import type { SentenceEmbedder } from './embedder';
import { FEATURE_DIMENSIONS, sparseFeatures } from './cues';
import type { Example } from './softmax';

/** The learned reader's classes: every intent; no escalation, then every escalation reason. */
export const INTENT_CLASSES: readonly string[] = INTENTS;
export const ESCALATION_CLASSES: readonly string[] = ['none', ...ESCALATION_REASONS];
/** Escalation classes a person must handle (low_confidence is the rules' own: a reply that needs its context). */
export const MUST_ESCALATE: readonly string[] = ESCALATION_REASONS.filter(
  (reason) => reason !== 'low_confidence',
);
export const SPARSE_DIMENSIONS = FEATURE_DIMENSIONS;

/** What the learned reader reads of an inquiry: the e-mail's subject and the message, as the rules do. */
export function learnedText(request: Pick<UnderstandRequest, 'subject' | 'text'>): string {
  return [request.subject, request.text].filter((part) => part && part.trim()).join('\n');
}

/** An inquiry as the classifiers see it: its sentence embedding, its hashed n-grams and its cues. */
export async function toExample(embedder: SentenceEmbedder, text: string): Promise<Example> {
  return { dense: await embedder.embed(text), sparse: sparseFeatures(text) };
}
