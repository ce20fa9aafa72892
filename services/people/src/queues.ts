/** The people service's BullMQ queues (docs/architecture.md#background-work). */
export const OUTREACH_QUEUE = 'outreach';
export const CALLS_QUEUE = 'calls';
/** Website forms kept by the tracking.forms consumer, taken in (lead, timeline, consent, engine) by a worker. */
export const INTAKE_QUEUE = 'intake';
