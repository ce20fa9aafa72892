import { EventEnvelope } from './envelope';

/**
 * Payloads on `knowledge.changes`: what the practice knows changed, so a service that keeps a copy (people,
 * for the AI's context) refreshes it. They say what changed, not the whole state: a consumer that needs the
 * details asks knowledge over internal HTTP.
 *
 * - `knowledge_updated`: website pages were (re)processed or deleted (`urls`, empty when everything changed);
 * - `procedures_changed`: offerings or their prices changed (`procedure_ids`);
 * - `consultation_fees_changed`: a modality's fees were set or archived (`modality`);
 * - `promotions_changed`: a promotion was created, edited or ended (`promotion_id`).
 */
export type KnowledgeChangeType =
  | 'knowledge_updated'
  | 'procedures_changed'
  | 'consultation_fees_changed'
  | 'promotions_changed'
  | 'practice_offer'
  | 'knowledge_page'
  | 'knowledge_cleared';

export interface KnowledgeUpdatedV1 extends EventEnvelope<'knowledge_updated'> {
  urls: string[];
  total_entries: number;
  total_chunks: number;
}

export interface ProceduresChangedV1 extends EventEnvelope<'procedures_changed'> {
  procedure_ids: string[];
}

export interface ConsultationFeesChangedV1 extends EventEnvelope<'consultation_fees_changed'> {
  modality: 'medspa' | 'surgery';
}

export interface PromotionsChangedV1 extends EventEnvelope<'promotions_changed'> {
  promotion_id: string;
}

export type KnowledgeChangeV1 =
  | KnowledgeUpdatedV1
  | ProceduresChangedV1
  | ConsultationFeesChangedV1
  | PromotionsChangedV1
  | PracticeOfferV1
  | KnowledgePageV1
  | KnowledgeClearedV1;

/**
 * What a practice offers, whole, after any change to its offerings, prices, fees or promotions: people keeps it
 * as the AI's read model (the only prices and promotions a draft may quote). Replaces the previous one.
 */
export interface PracticeOfferV1 extends EventEnvelope<'practice_offer'> {
  procedures: OfferedProcedure[];
  promotions: OfferedPromotion[];
  consultation_fees: OfferedConsultationFee[];
}

export interface OfferedProcedure {
  procedure_id: string;
  name: string;
  parent_name: string | null;
  /** The current prices: one per location that has its own, location_id null for every location. */
  prices: {
    location_id: string | null;
    location_name: string | null;
    price_min: number | null;
    price_max: number | null;
    unit: string | null;
    currency: string;
  }[];
}

export interface OfferedPromotion {
  promotion_id: string;
  name: string;
  /** One of the promotion types (docs/product/settings.md#promotions). */
  type: string;
  amount: number | null;
  location_id: string | null;
  location_name: string | null;
  /** Names of the procedures it is for; empty means every procedure. */
  procedure_names: string[];
  /** ISO 8601. */
  start: string;
  end: string;
}

export interface OfferedConsultationFee {
  modality: 'medspa' | 'surgery';
  location_id: string | null;
  location_name: string | null;
  fee: number | null;
  currency: string;
  is_free: boolean;
}

/**
 * A knowledge page's passages after it was (re)processed, or its removal (`chunks` empty): people keeps them for
 * the AI's answers to factual questions. `knowledge_cleared` removes every page of the practice.
 */
export interface KnowledgePageV1 extends EventEnvelope<'knowledge_page'> {
  source_url: string;
  page_title: string | null;
  chunks: { chunk_id: string; content: string }[];
}

export type KnowledgeClearedV1 = EventEnvelope<'knowledge_cleared'>;
