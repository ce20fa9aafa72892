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
  'knowledge_updated' | 'procedures_changed' | 'consultation_fees_changed' | 'promotions_changed';

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
  KnowledgeUpdatedV1 | ProceduresChangedV1 | ConsultationFeesChangedV1 | PromotionsChangedV1;
