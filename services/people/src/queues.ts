/** The people service's BullMQ queues (docs/architecture.md#background-work). */
export const OUTREACH_QUEUE = 'outreach';
export const CALLS_QUEUE = 'calls';
