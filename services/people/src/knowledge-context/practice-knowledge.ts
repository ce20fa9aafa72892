import type { PracticeOfferV1 } from '@pp/contracts';

/** What a practice offers, as knowledge last published it (docs/product/ai-engine.md#what-the-ai-may-quote). */
export type PracticeOffer = Pick<PracticeOfferV1, 'procedures' | 'promotions' | 'consultation_fees'> & {
  /** When knowledge published it (ISO 8601). */
  changed_at: string;
};

/** A passage of the practice's website knowledge, retrieved for a question. */
export interface KnowledgePassage {
  chunk_id: string;
  source_url: string;
  page_title: string | null;
  content: string;
  score: number;
}

/**
 * People's read model of what the practice knows (fed by knowledge.changes): the AI quotes prices and promotions
 * only from `offer`, and answers factual questions from `passages`.
 */
export abstract class PracticeKnowledge {
  /** The practice's offer; null when knowledge has published none yet (then nothing may be quoted). */
  abstract offer(practiceId: string): Promise<PracticeOffer | null>;
  /** The best passages of the practice's website for a question, best first. */
  abstract passages(practiceId: string, question: string, limit: number): Promise<KnowledgePassage[]>;
}
