/** The people service's BullMQ queues (ARCHITECTURE.md, "Background work"). */
export const OUTREACH_QUEUE = 'outreach';
export const CALLS_QUEUE = 'calls';
