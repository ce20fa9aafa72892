import type { KnowledgeChangeV1, KnowledgeClearedV1, KnowledgePageV1, PracticeOfferV1 } from '@pp/contracts';

/** The knowledge.changes events people's copy applies; the others (announcements only) are skipped. */
export type CopiedKnowledgeEvent = PracticeOfferV1 | KnowledgePageV1 | KnowledgeClearedV1;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a knowledge.changes message is one the copy applies, well formed: an event id and practice id that
 * are UUIDs, a timestamp, and the type's own fields. A malformed message is skipped (and logged by the caller),
 * never half applied.
 */
export function isCopiedKnowledgeEvent(event: unknown): event is CopiedKnowledgeEvent {
  if (!isObject(event)) return false;
  const base = event as Partial<KnowledgeChangeV1>;
  if (typeof base.event_id !== 'string' || !UUID.test(base.event_id)) return false;
  if (typeof base.practice_id !== 'string' || !UUID.test(base.practice_id)) return false;
  if (typeof base.occurred_at !== 'string' || Number.isNaN(Date.parse(base.occurred_at))) return false;
  switch (base.type) {
    case 'practice_offer':
      return (
        Array.isArray(event.procedures) &&
        Array.isArray(event.promotions) &&
        Array.isArray(event.consultation_fees)
      );
    case 'knowledge_page':
      return (
        typeof event.source_url === 'string' &&
        Array.isArray(event.chunks) &&
        event.chunks.every(
          (chunk) =>
            isObject(chunk) &&
            typeof chunk.chunk_id === 'string' &&
            UUID.test(chunk.chunk_id) &&
            typeof chunk.content === 'string',
        )
      );
    case 'knowledge_cleared':
      return true;
    default:
      return false;
  }
}
