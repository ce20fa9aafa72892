/** The gateway's BullMQ queues (docs/architecture.md#background-work). */
/** The audit log's upkeep: the daily purge of entries past their practice's retention. */
export const AUDIT_QUEUE = 'audit';
