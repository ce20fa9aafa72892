/** The knowledge service's BullMQ queue (ARCHITECTURE.md, "Background work"). */
export const KNOWLEDGE_QUEUE = 'knowledge';
