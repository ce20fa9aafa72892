/** The knowledge service's BullMQ queue (docs/architecture.md#background-work). */
export const KNOWLEDGE_QUEUE = 'knowledge';
